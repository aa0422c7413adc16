import { bizError, FILE_LINK_PREFIX, isImageLink, type LocalText, type ServerContext, type Tx } from '../../../core/sdk/server';
import { PAY_MSG, settingRequired } from './messages';
import type { SettingBody } from './schemas';
import { readSettingRow, SECRET_PURPOSE, SETTING_TABLE } from './settings';
import { platformKeyFrom, privateKeyFrom } from './wechatpay-sign';

/** The names of what WeChat Pay cannot do without, as a refusal names them. */
const REQUIRED_FOR_WECHAT: Readonly<Record<'mchId' | 'appId' | 'merchantSerialNo' | 'privateKey' | 'apiV3Key' | 'platformCertificate', LocalText>> = {
  mchId: { zh: '商户号', en: 'merchant id' },
  appId: { zh: 'AppID', en: 'AppID' },
  merchantSerialNo: { zh: '商户证书序列号', en: 'merchant certificate serial number' },
  privateKey: { zh: '商户私钥', en: 'merchant private key' },
  apiV3Key: { zh: 'APIv3 密钥', en: 'APIv3 key' },
  platformCertificate: { zh: '平台证书或平台公钥', en: 'platform certificate or public key' },
};

/**
 * The hosts an API address may name: WeChat's own, and those the server's operator lists in
 * WECHATPAY_HOSTS (a merchant's proxy). A tenant administrator types the address, and the server calls
 * it with the merchant's signature: any other host would let a tenant aim the server at a network it
 * should not reach.
 */
function allowedHost(hostname: string): boolean {
  const listed = (process.env.WECHATPAY_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return hostname === 'weixin.qq.com' || hostname.endsWith('.weixin.qq.com') || listed.includes(hostname.toLowerCase());
}

/**
 * An API address of the settings: https to an allowed host. A loopback http address is taken outside
 * production only, for a local fake server.
 */
function baseUrl(value: string | undefined): string {
  if (!value) return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bizError(PAY_MSG.baseUrl);
  }
  const loopback = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && process.env.NODE_ENV !== 'production';
  const https = url.protocol === 'https:' && allowedHost(url.hostname);
  if ((!https && !loopback) || url.username || url.password || url.search || url.hash) throw bizError(PAY_MSG.baseUrl);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** The seal: a picture of this tenant's own uploads (the certificate file reads its bytes), or none. */
async function sealImage(tx: Tx, tenantId: string, link: string | undefined): Promise<string> {
  if (!link) return '';
  // Our own file link (an http URL is a picture field's too, but not one whose bytes are here).
  if (!link.startsWith(FILE_LINK_PREFIX) || !isImageLink(link)) throw bizError(PAY_MSG.sealImage);
  const found = await tx.one(`select 1 as found from blade_attach where tenant_id = $1 and link = $2 and content_type in ('image/png', 'image/jpeg') and is_deleted = 0 limit 1`, [tenantId, link]);
  if (!found) throw bizError(PAY_MSG.sealImage);
  return link;
}

/**
 * Saves the tenant's settings (one row, made on the first save). The secrets are sealed before they are
 * written; one left empty keeps what is stored. Keys must really parse; WeChat Pay needs all of its
 * credentials before a tenant may switch to it.
 */
export async function saveSettings(tx: Tx, ctx: ServerContext, user: { tenantId: string; userId: string }, body: SettingBody): Promise<void> {
  const current = await readSettingRow(tx, user.tenantId);
  const seal = (plain: string) => ctx.secrets.seal(SECRET_PURPOSE, plain);
  if (body.privateKey && !privateKeyFrom(body.privateKey)) throw bizError(PAY_MSG.privateKey);
  if (body.platformCertificate && !platformKeyFrom(body.platformCertificate)) throw bizError(PAY_MSG.platformCertificate);
  const row = {
    provider: body.provider,
    refund_delay_seconds: body.refundDelaySeconds ?? current.refund_delay_seconds,
    sandbox_refund_outcome: body.sandboxRefundOutcome ?? current.sandbox_refund_outcome,
    mch_id: body.mchId ?? current.mch_id,
    app_id: body.appId ?? current.app_id,
    merchant_serial_no: (body.merchantSerialNo ?? current.merchant_serial_no).toUpperCase(),
    private_key_sealed: body.privateKey ? seal(body.privateKey) : current.private_key_sealed,
    api_v3_key_sealed: body.apiV3Key ? seal(body.apiV3Key) : current.api_v3_key_sealed,
    platform_certificate: body.platformCertificate ?? current.platform_certificate,
    app_secret_sealed: body.appSecret ? seal(body.appSecret) : current.app_secret_sealed,
    pay_api_base: body.payApiBase === undefined ? current.pay_api_base : baseUrl(body.payApiBase),
    wx_api_base: body.wxApiBase === undefined ? current.wx_api_base : baseUrl(body.wxApiBase),
    issuer_name: body.issuerName ?? current.issuer_name,
    seal_image: body.sealImage === undefined ? current.seal_image : await sealImage(tx, user.tenantId, body.sealImage),
  };
  if (row.provider === 'wechatpay-v3') {
    const present = {
      mchId: row.mch_id,
      appId: row.app_id,
      merchantSerialNo: row.merchant_serial_no,
      privateKey: row.private_key_sealed,
      apiV3Key: row.api_v3_key_sealed,
      platformCertificate: row.platform_certificate,
    };
    for (const [field, label] of Object.entries(REQUIRED_FOR_WECHAT)) if (!present[field as keyof typeof present]) throw bizError(settingRequired(label));
  }
  const now = new Date(Math.floor(ctx.now().getTime() / 1000) * 1000);
  const userId = /^\d{1,19}$/.test(user.userId) ? user.userId : null;
  const columns = Object.keys(row);
  const values = Object.values(row);
  await tx.query(
    `insert into ${SETTING_TABLE} (id, tenant_id, ${columns.join(', ')}, create_user, create_time, update_user, update_time)
     values ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')}, $${columns.length + 3}, $${columns.length + 4}, $${columns.length + 3}, $${columns.length + 4})
     on conflict (tenant_id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, update_user = excluded.update_user, update_time = excluded.update_time`,
    [ctx.ids.next(), user.tenantId, ...values, userId, now],
  );
}
