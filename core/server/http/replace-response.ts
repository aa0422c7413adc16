import type { Context } from 'hono';

/**
 * Puts `res` in place of the answer as it is. Hono's setter merges the old answer's headers into a new
 * one, which would carry a stale Content-Length or Content-Encoding over: cleared first, nothing merges.
 */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

/** Sets a header on the answer, copying the answer first when its headers are immutable (a fetched Response). */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.set(name, value);
    replaceResponse(c, copy);
  }
}
