import { z } from 'zod';
import { docText, isBigintId, MAX_FEN, zodMessage } from '../../../core/sdk/server';
import { isLogisticsCompany, LOGISTICS_COMPANIES, TRACKING_NO_PATTERN } from './logistics';
import { PAY_MSG } from './messages';
import { MAX_REFUND_DELAY, MIN_REFUND_DELAY, SANDBOX_OUTCOMES } from './settings-shape';
import { PROVIDERS, REFUND_STATUS } from './states';

/**
 * The inputs of the payment endpoints as zod schemas: what they parse with is what the API description
 * shows. A bad value answers 400 naming it, in the caller's language.
 */

/** Query and JSON values arrive as text or numbers alike; "" is absent. */
const text = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() || undefined : v);

const orderId = z.preprocess(text, z.string().regex(/^[1-9]\d{0,18}$/).refine(isBigintId)).describe(docText({ zh: '证书订单主键', en: 'The certificate order id' }));

export const idQuery = z.object({ id: orderId });

export const refundQuery = z.object({
  id: orderId,
  amount: z
    .preprocess(
      (v) => {
        const t = text(v);
        return typeof t === 'string' && /^\d{1,12}$/.test(t) ? Number(t) : t;
      },
      z.number({ message: zodMessage(PAY_MSG.amountInvalid) }).int(zodMessage(PAY_MSG.amountInvalid)).min(1, zodMessage(PAY_MSG.amountInvalid)).max(MAX_FEN, zodMessage(PAY_MSG.amountInvalid)),
    )
    .describe(docText({ zh: '退款金额（分，整数）', en: 'The amount to refund, in fen (a whole number)' })),
  reason: z
    .preprocess(text, z.string({ message: zodMessage(PAY_MSG.reasonRequired) }).min(1, zodMessage(PAY_MSG.reasonRequired)).max(80, zodMessage(PAY_MSG.reasonTooLong)))
    .describe(docText({ zh: '退款原因（1–80 个字符，退款凭证上会显示）', en: 'Why (1–80 characters; the payer sees it)' })),
});

export const shipQuery = z.object({
  id: orderId,
  logisticsCompany: z
    .preprocess(text, z.string({ message: zodMessage(PAY_MSG.logisticsCompany) }).refine(isLogisticsCompany, zodMessage(PAY_MSG.logisticsCompany)))
    .describe(docText({ zh: `物流公司编码：${LOGISTICS_COMPANIES.map((c) => `${c.code} ${c.name.zh}`).join('，')}`, en: `The carrier's code: ${LOGISTICS_COMPANIES.map((c) => `${c.code} ${c.name.en}`).join(', ')}` })),
  logisticsNo: z
    .preprocess(text, z.string({ message: zodMessage(PAY_MSG.trackingNo) }).regex(TRACKING_NO_PATTERN, zodMessage(PAY_MSG.trackingNo)))
    .describe(docText({ zh: '物流单号（6–32 位字母、数字或 -）', en: 'The tracking number (6–32 letters, digits or dashes)' })),
});

/** What refundV3 answers. */
export const refundAnswer = z.object({
  id: z.string(),
  outRefundNo: z.string().describe(docText({ zh: '商户退款单号', en: 'Our refund number (out_refund_no)' })),
  status: z.enum(REFUND_STATUS).describe(docText({ zh: '退款状态（微信支付 V3）', en: 'The refund state (WeChat Pay V3)' })),
  payState: z.number().int().describe(docText({ zh: '订单支付状态', en: "The order's payment state" })),
});

/** What queryOrderV3 (and the simulated payment) answers. */
export const queryAnswer = z.object({
  id: z.string(),
  payState: z.number().int(),
  tradeState: z.string().describe(docText({ zh: '支付平台的交易状态（SUCCESS、NOTPAY、CLOSED、REFUND…；客户未发起支付时为空）', en: "The provider's trade state (SUCCESS, NOTPAY, CLOSED, REFUND…; empty when the customer never started paying)" })),
  refunds: z.array(z.object({ outRefundNo: z.string(), status: z.enum(REFUND_STATUS) })),
});

/** A setting's text: trimmed, "" kept (it clears the setting); absent, the setting stays as it is. */
const trimmed = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v);
const setting = (max: number, message: Parameters<typeof zodMessage>[0], pattern?: RegExp) => {
  const base = z.string({ message: zodMessage(message) }).max(max, zodMessage(message));
  return z.preprocess(trimmed, (pattern ? base.refine((v) => v === '' || pattern.test(v), zodMessage(message)) : base).optional());
};
/** A secret: empty or absent keeps the one stored. */
const secret = (max: number, message: Parameters<typeof zodMessage>[0], pattern?: RegExp) => {
  const base = z.string({ message: zodMessage(message) }).max(max, zodMessage(message));
  return z.preprocess(text, (pattern ? base.regex(pattern, zodMessage(message)) : base).optional());
};

/**
 * The settings' save: the provider required; any other setting left out stays as it is, sent empty it is
 * cleared; a secret sent empty (or left out) keeps the stored one.
 */
export const settingBody = z.object({
  provider: z.preprocess(text, z.enum(PROVIDERS, { message: zodMessage(PAY_MSG.provider) })).describe(docText({ zh: '支付渠道：sandbox 沙箱，wechatpay-v3 微信支付', en: 'The provider: sandbox, or wechatpay-v3' })),
  refundDelaySeconds: z
    .preprocess(
      (v) => {
        const t = text(v);
        return typeof t === 'string' && /^-?\d{1,9}$/.test(t) ? Number(t) : t;
      },
      z.number({ message: zodMessage(PAY_MSG.refundDelay) }).int(zodMessage(PAY_MSG.refundDelay)).min(MIN_REFUND_DELAY, zodMessage(PAY_MSG.refundDelay)).max(MAX_REFUND_DELAY, zodMessage(PAY_MSG.refundDelay)).optional(),
    )
    .describe(docText({ zh: '沙箱退款到账延迟（秒）', en: 'Sandbox: seconds before a refund settles' })),
  sandboxRefundOutcome: z.preprocess(text, z.enum(SANDBOX_OUTCOMES).optional()).describe(docText({ zh: '沙箱退款结果：SUCCESS 成功，ABNORMAL 异常', en: 'Sandbox: how refunds settle, SUCCESS or ABNORMAL' })),
  mchId: setting(32, PAY_MSG.mchId, /^\d{1,32}$/).describe(docText({ zh: '商户号', en: 'Merchant id (mchid)' })),
  appId: setting(18, PAY_MSG.appId, /^wx[0-9a-zA-Z]{16}$/).describe(docText({ zh: '小程序 AppID', en: 'Mini-program AppID' })),
  merchantSerialNo: setting(64, PAY_MSG.serialNo, /^[0-9A-Fa-f]{8,64}$/).describe(docText({ zh: '商户证书序列号', en: 'Merchant certificate serial number' })),
  privateKey: secret(8000, PAY_MSG.privateKey).describe(docText({ zh: '商户私钥（PEM；留空不修改，从不返回）', en: 'Merchant private key (PEM; empty keeps it; never answered)' })),
  apiV3Key: secret(32, PAY_MSG.apiV3Key, /^[\x21-\x7e]{32}$/).describe(docText({ zh: 'APIv3 密钥（32 位；留空不修改，从不返回）', en: 'APIv3 key (32 characters; empty keeps it; never answered)' })),
  platformCertificate: setting(8000, PAY_MSG.platformCertificate).describe(docText({ zh: '微信支付平台证书或平台公钥（PEM）', en: 'WeChat Pay platform certificate or public key (PEM)' })),
  appSecret: secret(64, PAY_MSG.appSecret, /^[0-9A-Za-z]{1,64}$/).describe(docText({ zh: '小程序 AppSecret（发货信息用；留空不修改，从不返回）', en: 'Mini-program AppSecret (for shipping; empty keeps it; never answered)' })),
  payApiBase: setting(255, PAY_MSG.baseUrl).describe(docText({ zh: '微信支付接口地址（高级，默认官方地址）', en: 'WeChat Pay API address (advanced; default the official one)' })),
  wxApiBase: setting(255, PAY_MSG.baseUrl).describe(docText({ zh: '小程序接口地址（高级，默认官方地址）', en: 'Mini-program API address (advanced; default the official one)' })),
  issuerName: setting(100, PAY_MSG.issuerName).describe(docText({ zh: '发证单位（默认租户名称）', en: "The issuer printed on certificates (default the tenant's name)" })),
  sealImage: setting(500, PAY_MSG.sealImage).describe(docText({ zh: '印章图片链接（本系统上传的图片）', en: 'The seal picture (uploaded here)' })),
});

export type SettingBody = z.output<typeof settingBody>;

/** What the settings read answers (for the API description). */
export const settingDoc = z.object({
  provider: z.enum(PROVIDERS),
  refundDelaySeconds: z.number().int(),
  sandboxRefundOutcome: z.enum(SANDBOX_OUTCOMES),
  mchId: z.string(),
  appId: z.string(),
  merchantSerialNo: z.string(),
  privateKeySet: z.boolean(),
  apiV3KeySet: z.boolean(),
  platformCertificate: z.string(),
  appSecretSet: z.boolean(),
  payApiBase: z.string(),
  wxApiBase: z.string(),
  issuerName: z.string(),
  sealImage: z.string(),
  updateTime: z.string(),
});

/** What the provider call answers. */
export const providerDoc = z.object({ provider: z.enum(PROVIDERS) });
