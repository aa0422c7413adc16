import { StartRefusal } from '../start-refusal';

/**
 * What one caller, one instance and all instances together may ask for, per sliding window.
 *
 * - `client` rules count per caller (an address, or an address with a tenant and account) in the database,
 *   so a caller gets the same answer from every instance behind the load balancer;
 * - `instance` rules count in this process's memory: a ceiling on what one process takes on, which costs
 *   nothing to check;
 * - `overall` rules count once for every caller and every instance, in the database: a ceiling on the
 *   rows anonymous calls can make (captcha codes, third-party codes, failed sign-ins) however many
 *   addresses an attacker has.
 *
 * A caller's own rules are checked before the ceilings, and a caller refused by its own rule does not count
 * towards them, so one busy address cannot use up the ceiling that everybody shares.
 */
export type RateScope = 'client' | 'instance' | 'overall';

export interface RateRule {
  /** Requests allowed per window (estimated over a sliding window). */
  limit: number;
  windowMs: number;
  scope: RateScope;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_RULES = {
  /** Token requests of every grant (password, captcha, social, refresh) from one address. */
  signInAddress: { limit: 30, windowMs: MINUTE, scope: 'client' },
  /** Token requests naming one account of one tenant, from one address. */
  signInAccount: { limit: 10, windowMs: MINUTE, scope: 'client' },
  /** Captcha images (each is a database row for 30 minutes) for one address. */
  captchaAddress: { limit: 30, windowMs: MINUTE, scope: 'client' },
  captchaOverall: { limit: 600, windowMs: MINUTE, scope: 'overall' },
  /** Third-party sign-in codes (each a row for 10 minutes) for one address. */
  socialAddress: { limit: 30, windowMs: MINUTE, scope: 'client' },
  socialOverall: { limit: 600, windowMs: MINUTE, scope: 'overall' },
  /** Guest registrations (each a pending account) from one address. */
  registerAddress: { limit: 10, windowMs: 60 * MINUTE, scope: 'client' },
  /** Every call made without a user's token (public routes, guests) from one address. */
  anonymousAddress: { limit: 300, windowMs: MINUTE, scope: 'client' },
  anonymousInstance: { limit: 1500, windowMs: MINUTE, scope: 'instance' },
  anonymousOverall: { limit: 3000, windowMs: MINUTE, scope: 'overall' },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof DEFAULT_RATE_RULES;

/**
 * Rules a plugin declares for its own routes (`ServerParts.rateRules`), by name: a public endpoint that
 * writes rows counts its callers with them (`ctx.rateLimiter.hit([{ rule, key }])` in its handler). Their
 * names share one space with the kernel's, so `RATE_LIMITS` changes them like any other.
 */
export type DeclaredRateRules = Readonly<Record<string, RateRule>>;

/** The rules in force by name: the kernel's, and the installed plugins' own. */
export type RateRules = Record<RateRuleName, RateRule> & Readonly<Record<string, RateRule>>;

/**
 * How a server is configured: the default rules, some limits changed (by rule name), every limit
 * multiplied by `scale` (an explicit limit wins), or no limits at all (load tests).
 */
export type RateLimitSettings = 'off' | { limits?: Readonly<Record<string, number>>; scale?: number };

export const RULE_NAMES = Object.keys(DEFAULT_RATE_RULES) as RateRuleName[];

/** The plugins' rules as one set, refusing a name the kernel or another plugin already uses (naming both). */
export function declaredRateRules(plugins: readonly { id: string; rules?: DeclaredRateRules }[]): DeclaredRateRules {
  const owner = new Map<string, string>(RULE_NAMES.map((name) => [name, 'the kernel']));
  const rules: Record<string, RateRule> = {};
  for (const plugin of plugins) {
    for (const [name, rule] of Object.entries(plugin.rules ?? {})) {
      const other = owner.get(name);
      if (other) throw new Error(`Rate limit rule "${name}" is declared by both ${other} and plugin "${plugin.id}".`);
      owner.set(name, `plugin "${plugin.id}"`);
      rules[name] = rule;
    }
  }
  return rules;
}

/** The rules in force (the kernel's and `declared`), or null when limits are off. */
export function resolveRules(settings: RateLimitSettings = {}, declared: DeclaredRateRules = {}): RateRules | null {
  if (settings === 'off') return null;
  const rules: Record<string, RateRule> = { ...declared, ...DEFAULT_RATE_RULES };
  if (settings.scale !== undefined) for (const [name, rule] of Object.entries(rules)) rules[name] = { ...rule, limit: rule.limit * settings.scale };
  for (const [name, limit] of Object.entries(settings.limits ?? {})) {
    const rule = rules[name];
    if (!rule) throw new StartRefusal(`Rate limits: unknown rule "${name}" (known: ${Object.keys(rules).join(', ')})`);
    rules[name] = { ...rule, limit };
  }
  return rules as RateRules;
}

/** Every limit multiplied by `factor`, the plugins' too (tests that legitimately sign in many times). */
export function scaledLimits(factor: number): RateLimitSettings {
  return { scale: factor };
}

/**
 * `RATE_LIMITS`: empty for the defaults; `off` for none (a load test, never a server people use);
 * else `name=limit` pairs separated by commas (`signInAddress=60,captchaAddress=60`), the names being the
 * kernel's and the installed plugins' (`known`). A name or number it does not know stops the start rather
 * than leaving a limit silently at its default.
 */
export function rateLimitsFromEnv(value: string | undefined, known: readonly string[] = RULE_NAMES): RateLimitSettings {
  const text = (value ?? '').trim();
  if (!text) return {};
  if (text.toLowerCase() === 'off') return 'off';
  const limits: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const [name = '', raw = ''] = pair.split('=').map((s) => s.trim());
    const limit = Number(raw);
    if (!known.includes(name)) throw new StartRefusal(`RATE_LIMITS: unknown rule "${name}" (known: ${known.join(', ')})`);
    if (!raw || !Number.isInteger(limit) || limit < 1) throw new StartRefusal(`RATE_LIMITS: ${name} needs a whole number of requests, at least 1 (got "${raw}")`);
    limits[name] = limit;
  }
  return { limits };
}
