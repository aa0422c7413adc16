import { FILE_ROUTE } from './oss/store';

/**
 * What a picture field may point at: a file this server keeps (`/api<FILE_ROUTE>/<name>`, names are ours:
 * letters, digits, `.`, `_`, `-`) or an absolute http(s) URL. Nothing that could leave the attribute it
 * is put in (spaces, quotes, angle brackets, backticks) and no other scheme (`javascript:`, `data:`), so
 * a stored link is safe in an <img src> and a CSS-free page.
 */

const OWN_FILE = new RegExp(`^/api${FILE_ROUTE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$`);
const WEB_URL = /^https?:\/\/[^\s"'<>`\\]+$/i;

/** Is the value a link of a file this server keeps? */
export const isOwnFileLink = (value: string): boolean => OWN_FILE.test(value) && !value.includes('..');

/** Is the value a link a picture field accepts (see above)? */
export function isImageLink(value: string): boolean {
  if (isOwnFileLink(value)) return true;
  if (!WEB_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
