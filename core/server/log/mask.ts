/**
 * What the logs keep of a request's input: every value under a key that looks secret replaced by
 * `******`, and no more than PARAMS_MAX characters. A log is read by more people than the data it records
 * (every administrator of the tenant), so a password, a key or an identity number must never reach it.
 */

export const MASK = '******';

/** The longest `params` a log row keeps; the rest is cut (a log row describes a call, it does not replay it). */
export const PARAMS_MAX = 4000;

/**
 * A key is secret when its name, lower-cased without `_` and `-`, contains one of these: `password`,
 * `oldPassword`, `newPassword1`, `secretKey`, `accessKey`, `refresh_token`, `apiV3Key`, `privateKey`,
 * `idCard`, `Blade-Auth`… A harmless key caught by the list (`tokenType`) loses its value in the log
 * only, which is the side to err on.
 */
const SECRET_PARTS = ['password', 'passwd', 'secret', 'accesskey', 'token', 'apikey', 'apiv3key', 'privatekey', 'idcard', 'credential', 'authorization', 'bladeauth', 'signature', 'captcha', 'smscode', 'verifycode'];

export function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[_-]/g, '');
  return SECRET_PARTS.some((part) => name.includes(part));
}

/** Objects deeper than this are summarised (a JSON body of a thousand nested arrays must not cost a stack). */
const MAX_DEPTH = 12;

/** `value` with every secret key's value masked, at any depth. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) masked[key] = isSecretKey(key) ? MASK : maskSecrets(item, depth + 1);
  return masked;
}

/** At most `max` characters, the cut marked. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A query string (without `?`) with its secret values masked, in its own order; '' stays ''. */
export function maskedQuery(search: string): string {
  if (!search) return '';
  const params = new URLSearchParams(search);
  const masked = new URLSearchParams();
  for (const [key, value] of params) masked.append(key, isSecretKey(key) ? MASK : value);
  return masked.toString();
}

/** `path?query` as a log row keeps it: secret query values masked (the token endpoint's password travels there). */
export function maskedUri(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = maskedQuery(url.slice(at + 1));
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** A JSON text masked and cut; text that is not JSON is described, not kept (it may hold anything). */
export function maskedJsonText(text: string): string {
  if (!text.trim()) return '';
  try {
    return cut(JSON.stringify(maskSecrets(JSON.parse(text))), PARAMS_MAX);
  } catch {
    return `(${text.length} characters, not JSON)`;
  }
}

/** A urlencoded form, as JSON, masked and cut (a key sent twice keeps its values in a list). */
export function maskedFormText(text: string): string {
  return maskedFields(new URLSearchParams(text));
}

/** The fields of a form, as JSON: text values masked, a file as its name and size (never its bytes). */
export function maskedFields(fields: Iterable<[string, FormDataEntryValue | string]>): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of fields) {
    const shown = isSecretKey(key) ? MASK : typeof value === 'string' ? value : `(file ${value.name}, ${value.size} bytes)`;
    const earlier = out[key];
    out[key] = earlier === undefined ? shown : Array.isArray(earlier) ? [...(earlier as unknown[]), shown] : [earlier, shown];
  }
  return Object.keys(out).length === 0 ? '' : cut(JSON.stringify(out), PARAMS_MAX);
}
