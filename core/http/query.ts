import type { Params } from './types';

/** Appends URL-encoded query values (alova itself joins `key=value` without encoding). */
export function withQuery(url: string, params?: Params): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** base64 of UTF-8 text (btoa alone throws on non-Latin-1 characters). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
