import type { MiddlewareHandler } from 'hono';

/** API answers are personal and never cached; and never sniffed into something executable. */
export const apiHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
};
