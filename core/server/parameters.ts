import type { Tx } from './db/types';
import type { Extensions } from './extensions';
import type { LocalText } from './i18n';

/**
 * The system parameters the server obeys (`account.failCount`, `account.initPassword`…). They are a
 * tenant's rows in the parameter table, kept by the plugin that provides `parameters`; the kernel reads
 * them through that provider in the caller's own transaction, each time it needs them. There is no cache:
 * one indexed read costs less than the sign-in it governs, and a changed value holds at once on every
 * instance. The one exception is `log.api.enabled`, which governs every call: the log writer reads it
 * when it writes a batch, not per request, and keeps the answer 10 s. A missing provider, a missing row or
 * a value that does not parse gives the default below.
 */

/** The values of a tenant's parameters among `keys` (a key without a row is left out). */
export type ParameterSource = (tx: Tx, tenantId: string, keys: readonly string[]) => Promise<Map<string, string>>;

export interface Parameter<T> {
  key: string;
  fallback: T;
  parse(raw: string): T | undefined;
  /** What a valid value is, for the refusal of one that is not. */
  rule: LocalText;
}

function integer(key: string, fallback: number, min: number, max: number): Parameter<number> {
  return {
    key,
    fallback,
    parse: (raw) => {
      const value = Number(raw.trim());
      return raw.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
    },
    rule: { zh: `${min} 到 ${max} 之间的整数`, en: `a whole number from ${min} to ${max}` },
  };
}

const text = (key: string, fallback: string, max: number): Parameter<string> => ({
  key,
  fallback,
  parse: (raw) => (raw !== '' && raw.length <= max ? raw : undefined),
  rule: { zh: `1 到 ${max} 个字符`, en: `1 to ${max} characters` },
});

const flag = (key: string, fallback: boolean): Parameter<boolean> => ({
  key,
  fallback,
  parse: (raw) => ({ true: true, false: false })[raw.trim().toLowerCase() as 'true' | 'false'],
  rule: { zh: 'true 或 false', en: 'true or false' },
});

export const PARAMETERS = {
  /** Sign-in attempts per account and address before the lock-out. */
  failCount: integer('account.failCount', 5, 1, 1000),
  /** What a reset password and an imported account get. */
  initPassword: text('account.initPassword', 'Init@123456', 64),
  /** Whether a guest (third-party identity) may apply for an account. */
  registerUser: flag('account.registerUser', true),
  /** The password rule of new passwords: fewest characters… */
  passwordMinLength: integer('account.passwordMinLength', 8, 1, 64),
  /** …and how many of the four kinds (lower case, upper case, digits, symbols) they mix. */
  passwordClasses: integer('account.passwordClasses', 2, 1, 4),
  /** A new tenant's `admin` password. */
  tenantPassword: text('tenant.default.password', 'admin', 64),
  /** A new tenant's account quota when none is given (-1 unlimited). */
  tenantAccountNumber: integer('tenant.default.accountNumber', -1, -1, 1_000_000),
  /** Days a new tenant's licence runs when no expiry is given (0: never expires). */
  tenantExpireDays: integer('tenant.default.expireDays', 0, 0, 36_500),
  /** Whether the tenant's API calls are recorded in the API log (read by the log writer, kept for 10 s). */
  apiLogEnabled: flag('log.api.enabled', true),
  /** Days the tenant's API, error and usual log rows are kept before the prune job deletes them. */
  logRetentionDays: integer('log.retentionDays', 90, 1, 3650),
} as const;

type Parameters = typeof PARAMETERS;
export type ParameterName = keyof Parameters;
export type ParameterValues<K extends ParameterName> = { [N in K]: Parameters[N]['fallback'] };

/** The named parameters of a tenant, read in `tx` (which must see that tenant's rows). */
export async function readParameters<K extends ParameterName>(
  extensions: Pick<Extensions, 'parameters'>,
  tx: Tx,
  tenantId: string,
  names: readonly K[],
): Promise<ParameterValues<K>> {
  const stored = extensions.parameters ? await extensions.parameters(tx, tenantId, names.map((name) => PARAMETERS[name].key)) : new Map<string, string>();
  const values: Partial<Record<ParameterName, unknown>> = {};
  for (const name of names) {
    const parameter: Parameter<unknown> = PARAMETERS[name];
    const raw = stored.get(parameter.key);
    values[name] = (raw === undefined ? undefined : parameter.parse(raw)) ?? parameter.fallback;
  }
  return values as ParameterValues<K>;
}

/**
 * Why a value cannot be stored for a parameter the server reads (null when it can, or when the key is none
 * of them): a value the server would ignore for its default must not look as if it were in force.
 */
export function parameterValueRefusal(key: string, raw: string): LocalText | null {
  const parameter: Parameter<unknown> | undefined = Object.values(PARAMETERS).find((p) => p.key === key);
  if (!parameter || parameter.parse(raw) !== undefined) return null;
  return { zh: `参数 ${key} 的值应为${parameter.rule.zh}`, en: `The value of ${key} must be ${parameter.rule.en}` };
}
