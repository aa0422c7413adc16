/**
 * What a picture may point at, on both sides (the server refuses other links, the browser shows no
 * other): a file this server keeps (`FILE_LINK_PREFIX` + a name of ours: letters, digits, `.`, `_`, `-`)
 * or an absolute http(s) URL. Nothing that could leave the attribute it is put in (spaces, quotes, angle
 * brackets, backticks) and no other scheme (`javascript:`, `data:`), so a stored link is safe in an
 * <img src>.
 */

/** Where the server serves the files it keeps (its file route under `/api`). */
export const FILE_LINK_PREFIX = '/api/blade-resource/oss/endpoint/file/';

const OWN_FILE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const WEB_URL = /^https?:\/\/[^\s"'<>`\\]+$/i;
/** Link targets a person may follow in rich text (no `javascript:`, `data:`, relative or protocol-relative links). */
const SAFE_HREF = /^(https?:\/\/|mailto:)[^\s"'<>`\\]+$/i;

/** Is the value a link of a file this server keeps? */
export function isOwnFileLink(value: string): boolean {
  if (!value.startsWith(FILE_LINK_PREFIX)) return false;
  const name = value.slice(FILE_LINK_PREFIX.length);
  return OWN_FILE.test(name) && !name.includes('..');
}

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

/** May a link in rich text point here (http, https, mailto)? */
export const isSafeHref = (value: string): boolean => SAFE_HREF.test(value);
