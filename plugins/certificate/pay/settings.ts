import { bizError, formatDateTime, type Migration, type ServerContext, type Tx } from '../../../core/sdk/server';
import { PAY_API_BASE, WX_API_BASE } from './endpoints';
import { type PaymentProvider, ProviderError, providerRefusal } from './provider';
import { sandboxProvider } from './sandbox';
import { DEFAULT_REFUND_DELAY, type PaySettingView, type SandboxOutcome } from './settings-shape';
import type { ProviderId } from './states';
import { wechatPayV3 } from './wechatpay-v3';
import { platformKeyFrom, privateKeyFrom } from './wechatpay-sign';

/**
 * One row of payment and certificate settings per tenant (`xh_pay_setting`); a tenant without one is on
 * the sandbox with its defaults. The merchant's private key, the APIv3 key and the AppSecret are kept
 * sealed (`ctx.secrets`, a key of this server's own) and are never answered: only whether each is set.
 */
export const SETTING_TABLE = 'xh_pay_setting';

/** The purpose the secrets are sealed under: a value sealed for anything else does not open here. */
export const SECRET_PURPOSE = 'pay-setting';

export const settingMigrations: readonly Migration[] = [
  {
    id: 'pay-001-settings',
    sql: `
      create table if not exists ${SETTING_TABLE} (
        id bigint primary key,
        tenant_id varchar(12) not null,
        provider varchar(16) not null default 'sandbox' check (provider in ('sandbox', 'wechatpay-v3')),
        refund_delay_seconds integer not null default ${DEFAULT_REFUND_DELAY} check (refund_delay_seconds between 0 and 86400),
        sandbox_refund_outcome varchar(16) not null default 'SUCCESS' check (sandbox_refund_outcome in ('SUCCESS', 'ABNORMAL')),
        mch_id varchar(32) not null default '',
        app_id varchar(32) not null default '',
        merchant_serial_no varchar(64) not null default '',
        private_key_sealed text,
        api_v3_key_sealed text,
        platform_certificate text not null default '',
        app_secret_sealed text,
        pay_api_base varchar(255) not null default '',
        wx_api_base varchar(255) not null default '',
        issuer_name varchar(100) not null default '',
        seal_image varchar(500) not null default '',
        create_user bigint,
        create_time timestamp not null,
        update_user bigint,
        update_time timestamp not null
      );
      create unique index if not exists ${SETTING_TABLE}_tenant on ${SETTING_TABLE} (tenant_id);
    `,
  },
];

/** The row as stored (secrets sealed). */
export interface SettingRow {
  provider: ProviderId;
  refund_delay_seconds: number;
  sandbox_refund_outcome: SandboxOutcome;
  mch_id: string;
  app_id: string;
  merchant_serial_no: string;
  private_key_sealed: string | null;
  api_v3_key_sealed: string | null;
  platform_certificate: string;
  app_secret_sealed: string | null;
  pay_api_base: string;
  wx_api_base: string;
  issuer_name: string;
  seal_image: string;
  update_time: Date | null;
}

const DEFAULT_ROW: SettingRow = {
  provider: 'sandbox',
  refund_delay_seconds: DEFAULT_REFUND_DELAY,
  sandbox_refund_outcome: 'SUCCESS',
  mch_id: '',
  app_id: '',
  merchant_serial_no: '',
  private_key_sealed: null,
  api_v3_key_sealed: null,
  platform_certificate: '',
  app_secret_sealed: null,
  pay_api_base: '',
  wx_api_base: '',
  issuer_name: '',
  seal_image: '',
  update_time: null,
};

/** The tenant's settings row, or the defaults when it has none yet. */
export async function readSettingRow(tx: Tx, tenantId: string): Promise<SettingRow> {
  const row = await tx.one<SettingRow>(`select * from ${SETTING_TABLE} where tenant_id = $1`, [tenantId]);
  return row ? { ...row, refund_delay_seconds: Number(row.refund_delay_seconds) } : { ...DEFAULT_ROW };
}

async function tenantName(tx: Tx, tenantId: string): Promise<string> {
  const row = await tx.one<{ tenant_name: string }>('select tenant_name from blade_tenant where tenant_id = $1 and is_deleted = 0', [tenantId]);
  return row?.tenant_name ?? '';
}

/** What the settings screen is shown: no secret, only whether each is set. */
export async function readSettingView(tx: Tx, tenantId: string): Promise<PaySettingView> {
  const row = await readSettingRow(tx, tenantId);
  return {
    provider: row.provider,
    refundDelaySeconds: row.refund_delay_seconds,
    sandboxRefundOutcome: row.sandbox_refund_outcome,
    mchId: row.mch_id,
    appId: row.app_id,
    merchantSerialNo: row.merchant_serial_no,
    privateKeySet: !!row.private_key_sealed,
    apiV3KeySet: !!row.api_v3_key_sealed,
    platformCertificate: row.platform_certificate,
    appSecretSet: !!row.app_secret_sealed,
    payApiBase: row.pay_api_base || PAY_API_BASE,
    wxApiBase: row.wx_api_base || WX_API_BASE,
    issuerName: row.issuer_name || (await tenantName(tx, tenantId)),
    sealImage: row.seal_image,
    updateTime: formatDateTime(row.update_time),
  };
}

/** What the certificate file prints: the issuer (default the tenant's name) and the seal picture's link ('' for none). */
export async function readCertificateSettings(tx: Tx, tenantId: string): Promise<{ issuerName: string; sealImage: string }> {
  const row = await readSettingRow(tx, tenantId);
  return { issuerName: row.issuer_name || (await tenantName(tx, tenantId)), sealImage: row.seal_image };
}

/**
 * The tenant's payment provider, from its settings read in `tx`. Its calls are made later, outside any
 * transaction. A tenant on WeChat Pay whose settings are incomplete (or whose secrets no longer open,
 * the server's key having changed) is told to fill them in.
 */
export async function providerFor(tx: Tx, ctx: ServerContext, tenantId: string): Promise<PaymentProvider> {
  const row = await readSettingRow(tx, tenantId);
  if (row.provider === 'sandbox') return sandboxProvider(ctx, tenantId, { refundDelaySeconds: row.refund_delay_seconds, outcome: row.sandbox_refund_outcome });
  const open = (sealed: string | null) => (sealed ? ctx.secrets.open(SECRET_PURPOSE, sealed) : null);
  const privateKeyPem = open(row.private_key_sealed);
  const privateKey = privateKeyPem ? privateKeyFrom(privateKeyPem) : null;
  const platform = platformKeyFrom(row.platform_certificate);
  if (!row.mch_id || !row.app_id || !row.merchant_serial_no || !privateKey || !platform) {
    throw bizError(providerRefusal(new ProviderError(0, 'NOT_CONFIGURED', 'incomplete settings')));
  }
  return wechatPayV3({
    mchId: row.mch_id,
    appId: row.app_id,
    serialNo: row.merchant_serial_no,
    privateKey,
    platformKey: platform.key,
    platformSerial: platform.serial,
    appSecret: open(row.app_secret_sealed) ?? undefined,
    payApiBase: row.pay_api_base || PAY_API_BASE,
    wxApiBase: row.wx_api_base || WX_API_BASE,
    now: ctx.now,
  });
}

/** The sandbox, when it is the tenant's provider (its simulated payment is offered only then); else null. */
export async function sandboxFor(tx: Tx, ctx: ServerContext, tenantId: string): Promise<ReturnType<typeof sandboxProvider> | null> {
  const row = await readSettingRow(tx, tenantId);
  return row.provider === 'sandbox' ? sandboxProvider(ctx, tenantId, { refundDelaySeconds: row.refund_delay_seconds, outcome: row.sandbox_refund_outcome }) : null;
}
