import type { MiddlewareHandler } from 'hono';
import { setResponseHeader } from './replace-response';

/**
 * What the browser app needs, and nothing more:
 * - scripts, styles, fonts and API calls from this origin only (no inline script: the built page has none);
 * - inline styles are allowed: the static pages the iframe host shows (about.html) carry a <style> of
 *   their own, and a style cannot run code;
 * - images also as data: (the captcha, generated avatars), blob: (previews of a chosen file) and from
 *   any https host: a picture field may hold an outside https link, and visitors' avatars are WeChat's
 *   (an image cannot run code; plain http is left out so no picture is fetched in the clear);
 * - frames: this site's pages and any http(s) page, since a menu may open an outside page in the
 *   iframe host;
 * - this site may be framed only by itself (the iframe host shows its own static pages); nothing else
 *   may frame it (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' http: https:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * On every answer (pages, assets, API). A route that needs another policy (a documentation page with
 * its own scripts) sets its own Content-Security-Policy header, which is kept.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!c.res.headers.has(name)) setResponseHeader(c, name, value);
};

/** API answers are personal and never cached. */
export const apiHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};
