import type { Context } from 'hono';
import {
  ApiError,
  type AppEnv,
  type AuthUser,
  bizError,
  type DeclaredRateRules,
  formatDateTime,
  localize,
  type LocalText,
  type ServerContext,
  type Tx,
} from '../../../core/sdk/server';
import { ENABLED } from '../enabling/enabled';
import { ALIYUN, DELIVERED, FAILED } from './entity';
import { SMS_MSG } from './messages';
import { ALIYUN_REQUIRED, providerFor } from './providers';
import type { SendOutcome } from './providers/types';
import { type SendInput, templateParams } from './send-input';
import { renderTemplate } from './template';

/**
 * Messages per phone of a tenant: one a minute and ten a day, whoever sends them (a verification code
 * asked for again and again, a mistyped number). Named like the kernel's, so RATE_LIMITS changes them.
 */
export const SMS_RATE_RULES = {
  smsPhoneMinute: { limit: 1, windowMs: 60_000, scope: 'client' },
  smsPhoneDay: { limit: 10, windowMs: 86_400_000, scope: 'client' },
} as const satisfies DeclaredRateRules;

/** What a configuration's secret key is sealed for. */
export const SECRET_PURPOSE = 'sms-secret-key';

interface ConfigRow {
  id: string;
  category: number;
  sms_code: string;
  template_id: string | null;
  template_content: string;
  sign_name: string | null;
  access_key: string | null;
  secret_key: string | null;
  region_id: string | null;
}

const CONFIG_COLUMNS = 'id::text as id, category, sms_code, template_id, template_content, sign_name, access_key, secret_key, region_id';

/**
 * The configuration a call names by its code, enabled or not (sending a test message is how an
 * administrator checks one before enabling it), or the tenant's enabled one when it names none.
 */
async function readConfig(tx: Tx, tenantId: string, code: string): Promise<ConfigRow> {
  if (code) {
    const named = await tx.one<ConfigRow>(`select ${CONFIG_COLUMNS} from blade_sms where tenant_id = $1 and sms_code = $2 and is_deleted = 0`, [tenantId, code]);
    if (!named) throw bizError(SMS_MSG.unknownCode(code));
    return named;
  }
  const enabled = await tx.one<ConfigRow>(`select ${CONFIG_COLUMNS} from blade_sms where tenant_id = $1 and status = $2 and is_deleted = 0 limit 1`, [tenantId, ENABLED]);
  if (!enabled) throw bizError(SMS_MSG.noEnabled);
  return enabled;
}

/** One phone's outcome, as the answer lists it. */
export interface PhoneResult {
  phone: string;
  state: 'sent' | 'failed' | 'limited';
  message: string;
}

export interface SendResult {
  smsCode: string;
  category: number;
  bizId: string | null;
  content: string;
  results: PhoneResult[];
}

/** Counts a message to each phone against the per-phone rules: the phones refused are left out. */
async function admitPhones(ctx: ServerContext, tenantId: string, phones: readonly string[]): Promise<{ admitted: string[]; limited: string[] }> {
  const admitted: string[] = [];
  const limited: string[] = [];
  for (const phone of phones) {
    const key = `${tenantId}:${phone}`;
    try {
      await ctx.rateLimiter.hit([
        { rule: 'smsPhoneMinute', key },
        { rule: 'smsPhoneDay', key },
      ]);
      admitted.push(phone);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      limited.push(phone);
    }
  }
  return { admitted, limited };
}

/** Writes one record per phone the message went to (or failed to go to), in one statement. */
async function recordMessages(tx: Tx, ctx: ServerContext, me: AuthUser, config: ConfigRow, phones: readonly string[], sent: { params: string; content: string; outcome: SendOutcome; requestId: string }): Promise<void> {
  const { outcome } = sent;
  await tx.query(
    `insert into blade_sms_record (id, tenant_id, send_time, phone, content, category, state, sms_id, sms_code, template_id, params, biz_id, provider_code, provider_message, request_id, sender_name, sender_id)
     select id, $1, $3::timestamp, phone, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16
       from unnest($2::bigint[], $17::text[]) as t(id, phone)`,
    [
      me.tenantId,
      phones.map(() => ctx.ids.next()),
      formatDateTime(ctx.now()),
      sent.content,
      config.category,
      outcome.ok ? DELIVERED : FAILED,
      config.id,
      config.sms_code,
      config.template_id ?? '',
      sent.params,
      outcome.bizId ?? '',
      outcome.code,
      localize(outcome.message).slice(0, 255),
      sent.requestId.slice(0, 64),
      (me.account || me.userName).slice(0, 64),
      me.userId || null,
      [...phones],
    ],
  );
}

/** What Aliyun needs that the configuration lacks. */
function aliyunGaps(config: ConfigRow): LocalText[] {
  const gaps: LocalText[] = [];
  if (!config.template_id) gaps.push(ALIYUN_REQUIRED.templateId);
  if (!config.sign_name) gaps.push(ALIYUN_REQUIRED.signName);
  if (!config.access_key) gaps.push(ALIYUN_REQUIRED.accessKey);
  if (!config.secret_key) gaps.push(ALIYUN_REQUIRED.secretKey);
  return gaps;
}

/**
 * Sends the template of the configuration `input.code` names (or the enabled one) to the phones, with
 * the parameters filling its variables. Phones over their rate are not sent to (a 429 naming them when
 * that is every phone); the provider is called once for the rest, outside any transaction; every phone
 * sent to is recorded with the outcome; a provider's refusal is a 400 with its meaning (recorded too).
 */
export async function sendMessage(c: Context<AppEnv>, ctx: ServerContext, me: AuthUser, input: SendInput): Promise<{ result: SendResult; msg: LocalText }> {
  const config = await ctx.db.tenant(me.tenantId, (tx) => readConfig(tx, me.tenantId, input.code));
  const params = templateParams(config.template_content, input.params);
  const content = renderTemplate(config.template_content, params);
  let secretKey = '';
  if (config.category === ALIYUN) {
    const gaps = aliyunGaps(config);
    if (gaps.length) throw bizError(SMS_MSG.aliyunNeeds(gaps));
    const opened = ctx.secrets.open(SECRET_PURPOSE, config.secret_key!);
    if (opened === null) throw bizError(SMS_MSG.secretUnreadable);
    secretKey = opened;
  }

  const { admitted, limited } = await admitPhones(ctx, me.tenantId, input.phones);
  if (admitted.length === 0) throw new ApiError(429, SMS_MSG.allLimited(limited));

  const provider = providerFor(
    { category: config.category, accessKey: config.access_key ?? '', secretKey, regionId: config.region_id ?? '' },
    { now: ctx.now, nextId: () => ctx.ids.next() },
  );
  const outcome = await provider.send({ phones: admitted, signName: config.sign_name ?? '', templateId: config.template_id ?? '', params, content });
  const requestId = c.get('requestId') ?? '';
  await ctx.db.tenant(me.tenantId, (tx) => recordMessages(tx, ctx, me, config, admitted, { params: JSON.stringify(params), content, outcome, requestId }));
  if (!outcome.ok) throw bizError(SMS_MSG.failed(outcome.message));

  const results: PhoneResult[] = [
    ...admitted.map((phone) => ({ phone, state: 'sent' as const, message: localize(outcome.message) })),
    ...limited.map((phone) => ({ phone, state: 'limited' as const, message: localize(SMS_MSG.limited) })),
  ];
  return {
    result: { smsCode: config.sms_code, category: config.category, bizId: outcome.bizId ?? null, content, results },
    msg: limited.length ? SMS_MSG.someLimited(admitted.length, limited) : SMS_MSG.sent(admitted.length),
  };
}
