import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  clientIp,
  currentLanguage,
  type DeclaredRateRules,
  describeRoute,
  docText,
  localize,
  type LocalText,
  MSG,
  parseInput,
  rData,
  rFail,
  type ServerContext,
  type Tx,
} from '../../../core/sdk/server';
import { certificateTypeName } from '../order/dictionary';
import { certificateIssuable } from './issuable';
import { FILE_MSG } from './messages';
import { type CertificateRef, certificateOfToken, VERIFY_PATH } from './verify-token';
import { verifyPage } from './verify-page';

/**
 * `GET /api/certificate/verify?t=` — public: what the certificate's QR code opens. It answers whether the
 * certificate is genuine (issued by this server and still standing) with what it says, the holder's name
 * masked; a token we did not sign is a 400. A browser (a phone that scanned the code) is answered a small
 * page in its language; any other caller the JSON.
 */

export const VERIFY_RATE_RULES = {
  /** Checks from one address per minute: a person scans a few codes; a script guessing tokens is stopped. */
  certificateVerifyAddress: { limit: 60, windowMs: 60_000, scope: 'client' },
} as const satisfies DeclaredRateRules;

const verifyQuery = z.object({
  t: z
    .string()
    .min(1)
    .max(512)
    .describe(docText({ zh: '证书二维码链接中的 t 参数（签名的证书令牌）', en: "The t parameter of the certificate's QR code link (the signed certificate token)" })),
});

const verifyData = z.object({
  valid: z.boolean().describe(docText({ zh: '证书是否有效（已签发且订单未关闭、未全额退款、未删除）', en: 'Whether the certificate stands (issued, its order not closed, wholly refunded or removed)' })),
  certificateNo: z.string(),
  name: z.string().optional().describe(docText({ zh: '持证人姓名（仅保留首字）', en: "The holder's name (its first character only)" })),
  type: z.string().optional(),
  issueDate: z.string().optional().describe(docText({ zh: '发证日期 yyyy-MM-dd', en: 'Date of issue, yyyy-MM-dd' })),
  issuer: z.string().optional(),
  reason: z.string().optional().describe(docText({ zh: '无效时的原因', en: 'Why, when it is not valid' })),
});
export type Verification = z.infer<typeof verifyData>;

/** 张三丰 → 张**: enough to match the paper in hand, not to learn a name from a number. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length <= 1 ? chars.join('') : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 8))}`;
}

/** What the tenant's records say of the certificate. */
async function verification(tx: Tx, ctx: ServerContext, ref: CertificateRef): Promise<Verification> {
  const row = await tx.one<{ name: string; certificate_type: number; pay_state: number; amount: string; refund_amount: string | null; is_deleted: number; certificate_no: string; issue_date: string; issuer_name: string }>(
    `select o.name, o.certificate_type, o.pay_state, o.amount::text as amount, o.refund_amount::text as refund_amount, o.is_deleted,
            i.certificate_no, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, i.issuer_name
       from xh_certificate_issue i join xh_certificate_order o on o.id = i.order_id and o.tenant_id = i.tenant_id
      where i.tenant_id = $1 and i.order_id = $2`,
    [ref.tenantId, ref.orderId],
  );
  if (!row) return { valid: false, certificateNo: '', reason: localize(FILE_MSG.revoked) };
  const standing = Number(row.is_deleted) === 0 && certificateIssuable({ payState: row.pay_state, amount: row.amount, refundAmount: row.refund_amount });
  if (!standing) return { valid: false, certificateNo: row.certificate_no, reason: localize(FILE_MSG.revoked) };
  return {
    valid: true,
    certificateNo: row.certificate_no,
    name: maskName(row.name),
    type: localize(await certificateTypeName(tx, ctx, Number(row.certificate_type))),
    issueDate: row.issue_date,
    issuer: row.issuer_name,
  };
}

/** A person's browser asks for a page first; API tools and scripts do not. */
const wantsPage = (c: Context) => {
  const accept = c.req.header('Accept') ?? '';
  return /text\/html/i.test(accept) && !/application\/json/i.test(accept.split(',')[0] ?? '');
};

/** The page's own policy: no script, no outside resource, only its inline style. */
const PAGE_HEADERS = { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", 'Cache-Control': 'no-store' };

function refuse(c: Context, status: 400 | 403, text: LocalText) {
  if (wantsPage(c)) return c.html(verifyPage({ refusal: localize(text) }, currentLanguage()), status, PAGE_HEADERS);
  return c.json(rFail(text, status), status);
}

export function verifyRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    VERIFY_PATH,
    describeRoute({
      summary: { zh: '验证证书真伪（公开）', en: 'Verify a certificate (public)' },
      description: {
        zh: '证书二维码打开的地址，无需登录；按来源地址限流。令牌不是本系统签发的答 400；证书已签发时答其编号、类型、发证日期、发证单位与打码的姓名，订单关闭、全额退款或删除后 valid 为 false。浏览器访问时返回一个说明页面。',
        en: "What a certificate's QR code opens; no sign-in, rate-limited per address. A token this server did not sign is a 400; an issued certificate answers its number, type, date, issuer and the masked name, with valid false once its order is closed, wholly refunded or removed. A browser is answered a page.",
      },
      query: verifyQuery,
      data: verifyData,
    }),
    async (c) => {
      await ctx.rateLimiter.hit([{ rule: 'certificateVerifyAddress', key: clientIp(c) }]);
      const { t } = parseInput(verifyQuery, c.req.query());
      const ref = certificateOfToken(ctx, t);
      if (!ref) return refuse(c, 400, FILE_MSG.forged);
      if (!(await ctx.tenantPlugins.isEnabled(ref.tenantId, 'certificate'))) return refuse(c, 403, MSG.pluginDisabled);
      const answer = await ctx.db.tenant(ref.tenantId, (tx) => verification(tx, ctx, ref));
      if (wantsPage(c)) return c.html(verifyPage({ verification: answer }, currentLanguage()), 200, PAGE_HEADERS);
      return c.json(rData(answer));
    },
  );
}
