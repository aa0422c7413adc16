import type { Context, MiddlewareHandler } from 'hono';
import { bizError } from './errors';
import { MSG } from './messages';

/**
 * Refuses a request holding a NUL character anywhere a handler could read text from: the path and query
 * (`%00`), a JSON body (a raw NUL or the escape `\u0000`), a urlencoded form (`%00`), the fields of a
 * multipart form (names, values, file names; a file's bytes are data and may hold anything). PostgreSQL
 * text cannot hold NUL, so such a value would fail deep in some query with a 500; no legitimate text
 * contains one. Installed on the API after the body-size cap and before authentication, so every route,
 * anonymous ones included, answers the same 400 before any handler runs.
 */

/** `%00` in a URL or urlencoded body (a literal "%00" is sent as `%2500`, which does not match). */
const PERCENT_NUL = /%00/;
/** `\u0000` as a JSON escape: preceded by an even number of backslashes, else the backslash itself is escaped. */
const JSON_ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;

const hasNul = (text: string) => text.includes('\u0000');

/** Does a multipart form hold NUL in a field's name or text value, or a file's name? */
function formHasNul(form: Record<string, unknown>): boolean {
  for (const [name, entry] of Object.entries(form)) {
    if (hasNul(name)) return true;
    for (const value of Array.isArray(entry) ? entry : [entry]) {
      if (typeof value === 'string' && hasNul(value)) return true;
      if (value instanceof File && hasNul(value.name)) return true;
    }
  }
  return false;
}

async function bodyHasNul(c: Context): Promise<boolean> {
  // Read once and kept: the handlers read the same bytes from Hono's cache, and a route's own middleware
  // that reads the raw stream (an upload's size cap) finds it whole again.
  const bytes = await c.req.arrayBuffer();
  c.req.raw = new Request(c.req.raw, { body: bytes });
  const type = c.req.header('content-type') ?? '';
  if (/multipart\/form-data/i.test(type)) {
    // A malformed form is the handler's to refuse, with its own message.
    const form = await c.req.parseBody({ all: true }).catch(() => null);
    return form !== null && formHasNul(form);
  }
  // As text, as the handlers read JSON and forms.
  const text = new TextDecoder().decode(bytes);
  if (hasNul(text)) return true;
  return /application\/x-www-form-urlencoded/i.test(type) ? PERCENT_NUL.test(text) : JSON_ESCAPED_NUL.test(text);
}

export const inputGuard: MiddlewareHandler = async (c, next) => {
  if (PERCENT_NUL.test(c.req.url) || hasNul(c.req.url)) throw bizError(MSG.invalidCharacter);
  if (c.req.raw.body && (await bodyHasNul(c))) throw bizError(MSG.invalidCharacter);
  await next();
};
