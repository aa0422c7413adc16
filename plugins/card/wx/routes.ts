import type { Hono } from 'hono';
import { z } from 'zod';
import {
  ADMIN_TENANT,
  type AppEnv,
  bizError,
  type BodyLimits,
  currentMember,
  describeRoute,
  docText,
  formatError,
  noPermission,
  rData,
  requirePermission,
  type ServerContext,
  storeUpload,
  TENANT_ID,
  uploadBodyLimit,
  uploadedImage,
} from '../../../core/sdk/server';
import { cardDomain } from './domain';

/**
 * The two calls the card's mini program shares with the back office: an image upload for what a card
 * shows (a logo, an avatar, a poster), and the tenant's card domain.
 */
export const WX_UPLOAD = '/wx/upload/file';
export const MAX_WX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MSG_WX_IMAGE_SIZE = { zh: '上传图片大小不能超过5MB', en: 'The image may not be larger than 5 MB' };
/** The upload's body cap, above the API's usual one, applied by the server while the body streams in. */
export const WX_BODY_LIMITS: BodyLimits = { [WX_UPLOAD]: uploadBodyLimit(MAX_WX_IMAGE_BYTES, MSG_WX_IMAGE_SIZE) };
const MSG_NO_TENANT = { zh: '租户不存在', en: 'The tenant does not exist' };

/** Whoever may write something of a card that has a picture may upload one; a reader may not. */
export const CARD_WRITER_CODES = ['company_add', 'company_edit', 'staff_add', 'staff_edit', 'album_add', 'album_edit', 'festival_add', 'festival_edit'] as const;

const uploaded = z.object({ link: z.string(), name: z.string(), originalName: z.string(), attachId: z.string() });

export function wxRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    WX_UPLOAD,
    describeRoute({
      summary: { zh: '上传名片图片', en: 'Upload a picture for the cards' },
      description: {
        zh: 'jpg 或 png（按文件内容判断），不超过 5MB。需要名片内容（公司、员工、案例相册、节日）的新增或修改权限。',
        en: 'A jpg or png (judged by its bytes), at most 5 MB. Needs the right to add or edit card content (companies, staff, case albums, festivals).',
      },
      multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      data: uploaded,
    }),
    requirePermission(ctx, CARD_WRITER_CODES),
    async (c) => {
      const me = currentMember(c);
      const file = await uploadedImage(c, { maxBytes: MAX_WX_IMAGE_BYTES, sizeMessage: MSG_WX_IMAGE_SIZE });
      const { link, name, originalName, attachId } = await storeUpload(ctx, me, file.bytes, file.type, file.name);
      return c.json(rData({ link, name, originalName, attachId }));
    },
  );

  api.get(
    '/wx/get/domian',
    describeRoute({
      summary: { zh: '租户的名片域名', en: "The tenant's card domain" },
      description: {
        zh: '参数 card.domain，未设置时为服务器的 CARD_DOMAIN，再无则为 https://card.example.com。只能查询本租户（000000 租户的管理员可查询任一租户）。',
        en: "The parameter card.domain; unset, the server's CARD_DOMAIN, else https://card.example.com. Only one's own tenant (an administrator of tenant 000000 may ask for any).",
      },
      query: z.object({ tenantId: z.string().optional().describe(docText({ zh: '租户编号（默认：本租户）', en: "Tenant id (default: one's own)" })) }),
      data: z.string().describe(docText({ zh: '名片域名，如 https://card.example.com', en: 'The card domain, such as https://card.example.com' })),
    }),
    async (c) => {
      const me = currentMember(c);
      const asked = c.req.query('tenantId')?.trim() || me.tenantId;
      if (!TENANT_ID.test(asked)) throw bizError(formatError('tenantId'));
      if (asked !== me.tenantId) {
        if (!(me.isAdministrator && me.tenantId === ADMIN_TENANT)) throw noPermission();
        const exists = await ctx.db.system((tx) => tx.one(`select 1 as found from blade_tenant where tenant_id = $1 and is_deleted = 0`, [asked]));
        if (!exists) throw bizError(MSG_NO_TENANT);
      }
      const domain = await ctx.db.tenant(asked, (tx) => cardDomain(ctx, tx, asked));
      return c.json(rData(domain));
    },
  );
}
