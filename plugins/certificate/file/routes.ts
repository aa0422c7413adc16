import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  bizError,
  crudDataScope,
  currentMember,
  describeRoute,
  docText,
  MSG,
  parseId,
  rData,
  requirePermission,
  type ServerContext,
  SqlParams,
} from '../../../core/sdk/server';
import { ORDER_CODE } from '../order/codes';
import { certificateOrderEntity } from '../order/entity';
import { makeCertificateFile } from './issue';
import { FILE_MSG } from './messages';
import { publicOrigin } from './verify-token';

const idQuery = z.object({ id: z.string().describe(docText({ zh: '证书订单 id', en: "The certificate order's id" })) });

export const MAKE_PATH = '/xh/certificate/order/updateA5CertificateFile';
export const URL_PATH = '/certificate/file/url';

/**
 * `GET updateA5CertificateFile?id=` makes (or makes again) an order's A5 certificate PDF and links it on
 * the order; `GET /certificate/file/url?id=` answers the link of the order's file.
 */
export function fileRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    MAKE_PATH,
    describeRoute({
      summary: { zh: '生成 A5 证书文件', en: 'Make the A5 certificate file' },
      description: {
        zh: '需要 certificate_order_file 权限。只有已支付且未全额退款的订单可以生成；订单没有证书编号时生成一个（CERT-年份-6位序号，租户内唯一）。生成 A5 竖版 PDF（姓名、编号、类型、发证日期、发证单位与公章、验证二维码）并保存，重新生成时编号与发证日期不变。',
        en: 'Needs certificate_order_file. Only for an order paid and not wholly refunded; an order without a certificate number is given one (CERT-year-6 digits, unique in the tenant). Renders an A5 portrait PDF (name, number, type, date of issue, issuer and seal, a verification QR code) and stores it; made again, the number and issue date stay.',
      },
      query: idQuery,
      data: z.object({ certificateNo: z.string(), link: z.string(), size: z.number().int().describe(docText({ zh: '文件字节数', en: 'Bytes' })) }),
    }),
    requirePermission(ctx, ORDER_CODE.file),
    async (c) => {
      const user = currentMember(c);
      const id = parseId(c.req.query('id'));
      return c.json(rData(await makeCertificateFile(ctx, user, id, publicOrigin(c))));
    },
  );

  api.get(
    URL_PATH,
    describeRoute({
      summary: { zh: '证书文件链接', en: "The certificate file's link" },
      description: { zh: '需要 certificate_order_view 权限。尚未生成时答 400。', en: 'Needs certificate_order_view. A 400 while none has been made.' },
      query: idQuery,
      data: z.object({ link: z.string(), certificateNo: z.string() }),
    }),
    requirePermission(ctx, ORDER_CODE.view, { withButtons: true }),
    async (c) => {
      const user = currentMember(c);
      const id = parseId(c.req.query('id'));
      const order = await ctx.db.tenant(user.tenantId, async (tx) => {
        const scope = await crudDataScope(ctx, tx, user, certificateOrderEntity);
        const p = new SqlParams();
        const where = [`id = ${p.add(id)}`, `tenant_id = ${p.add(user.tenantId)}`, 'is_deleted = 0', ...(scope ? [`(${scope(p)})`] : [])];
        return tx.one<{ certificate_file: string | null; certificate_no: string | null }>(
          `select certificate_file, certificate_no from xh_certificate_order where ${where.join(' and ')}`,
          p.values,
        );
      });
      if (!order) throw bizError(MSG.notFound);
      if (!order.certificate_file) throw bizError(FILE_MSG.noFile);
      return c.json(rData({ link: order.certificate_file, certificateNo: order.certificate_no ?? '' }));
    },
  );
}
