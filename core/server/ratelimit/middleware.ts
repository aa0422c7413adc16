import type { Context, MiddlewareHandler } from 'hono';
import { pathMatches } from '../auth/access';
import type { AppEnv, ServerContext } from '../context';
import { clientIp } from '../http/client-ip';
import type { RateCheck } from './limiter';
import { RetryLater } from './retry-later';
import type { RateRuleName } from './rules';

/**
 * Routes that make rows for anonymous callers or start a password check, with the rules that count them
 * (per address, and a ceiling for all).
 */
const ROUTE_RULES: readonly { paths: readonly string[]; rules: readonly RateRuleName[] }[] = [
  { paths: ['/blade-auth/oauth/token', '/blade-auth/oauth/token/refresh'], rules: ['signInAddress'] },
  { paths: ['/blade-auth/oauth/captcha'], rules: ['captchaAddress', 'captchaOverall'] },
  { paths: ['/blade-auth/oauth/render/*'], rules: ['socialAddress', 'socialOverall'] },
  { paths: ['/blade-user/register-guest'], rules: ['registerAddress'] },
];

/**
 * Routes whose handler counts the request itself (`limitRequest`), once it has read whom to count too
 * (the token endpoint: the account name), and answers a refusal in its own shape (OAuth-style).
 */
const COUNTED_BY_HANDLER: readonly string[] = ['/blade-auth/oauth/token', '/blade-auth/oauth/token/refresh'];

const ADDRESS_RULES = new Set<RateRuleName>(['signInAddress', 'captchaAddress', 'socialAddress', 'registerAddress', 'anonymousAddress']);

const apiPath = (c: Context) => c.req.path.replace(/^\/api(?=\/)/, '');

/** The checks of the request's route, and, without a member's token, of every anonymous call. */
function requestChecks(c: Context<AppEnv>): RateCheck[] {
  const path = apiPath(c);
  const ip = clientIp(c);
  const user = c.get('user');
  const rules: RateRuleName[] = ROUTE_RULES.filter((r) => pathMatches(r.paths, path)).flatMap((r) => r.rules);
  if (!user || user.isGuest) rules.push('anonymousAddress', 'anonymousInstance', 'anonymousOverall');
  return rules.map((rule) => ({ rule, key: ADDRESS_RULES.has(rule) ? ip : '' }));
}

async function count(c: Context<AppEnv>, ctx: ServerContext, checks: readonly RateCheck[]): Promise<void> {
  try {
    await ctx.rateLimiter.hit(checks);
  } catch (error) {
    // Set before the refusal is thrown: whichever handler shapes the answer, the header is on it.
    if (error instanceof RetryLater) error.announce(c);
    throw error;
  }
}

/**
 * After authentication (a member's calls are not anonymous): counts the request and answers 429 with
 * `Retry-After` when a rule refuses it. Also puts `Retry-After` on any other RetryLater a handler threw
 * (a busy password hash).
 */
export function rateLimitRequests(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!pathMatches(COUNTED_BY_HANDLER, apiPath(c))) await count(c, ctx, requestChecks(c));
    await next();
    if (c.error instanceof RetryLater) c.error.announce(c);
  };
}

/**
 * Counts the request of a route in COUNTED_BY_HANDLER: what the middleware would count, and `rule` for
 * the caller's address together with `parts` (a tenant and an account) when given.
 */
export async function limitRequest(c: Context<AppEnv>, ctx: ServerContext, rule?: { name: RateRuleName; parts: readonly string[] }): Promise<void> {
  const checks = requestChecks(c);
  if (rule) checks.push({ rule: rule.name, key: [clientIp(c), ...rule.parts].join('\n') });
  await count(c, ctx, checks);
}
