import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { LocalText } from '../schema/manifest';

/**
 * The language of the person a request is answered for. Every message the server writes for a person is
 * a LocalText (both languages) until the moment it is sent, when `localize` picks the caller's language;
 * Chinese is the default (no header, an unknown language, and work outside any request).
 */
export type ServerLanguage = 'zh' | 'en';
export type { LocalText };

/**
 * The best supported language of an `Accept-Language` header: the highest q-value wins (ties keep the
 * header's order), `en-*` is English, everything else (zh-*, unknown tags, `*`, nothing) is Chinese.
 */
export function parseAcceptLanguage(header: string | undefined): ServerLanguage {
  if (!header) return 'zh';
  let best: { lang: ServerLanguage; q: number } | null = null;
  for (const part of header.slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'zh') continue;
    let q = 1;
    for (const p of params) {
      const [name, value] = p.split('=').map((s) => s.trim());
      if (name?.toLowerCase() === 'q') q = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    if (q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? 'zh';
}

const requestLanguage = new AsyncLocalStorage<ServerLanguage>();

/** Runs `fn` (and everything it awaits) answering in `lang`. */
export function runWithLanguage<T>(lang: ServerLanguage, fn: () => T): T {
  return requestLanguage.run(lang, fn);
}

/** The language of the request being handled; Chinese outside a request. */
export function currentLanguage(): ServerLanguage {
  return requestLanguage.getStore() ?? 'zh';
}

/** A text in the language of the request being handled. */
export function localize(text: LocalText): string {
  return text[currentLanguage()];
}

/** Installed first on the API: the rest of the request (its error and not-found answers too) runs in the caller's language. */
export const languageMiddleware: MiddlewareHandler = (c, next) => runWithLanguage(parseAcceptLanguage(c.req.header('Accept-Language')), next);
