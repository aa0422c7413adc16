import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { replaceResponse, setResponseHeader } from './replace-response';

/**
 * Answers compressed as the client accepts: brotli, else gzip. Text formats only (JSON, scripts, styles,
 * pages, SVG); images, spreadsheets and fonts are compressed already. zlib's asynchronous calls run on
 * libuv's thread pool, so a large answer never holds up other requests while it is compressed.
 */
export type Encoding = 'br' | 'gzip';

/** Text types worth compressing. */
export const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|x-javascript|xml|manifest\+json|problem\+json)|image\/svg\+xml)/i;

/** Below this the framing costs about what compression saves. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The best encoding an `Accept-Encoding` header accepts (q > 0), brotli before gzip at equal q; `*`
 * accepts both unless named with q=0; null when the client takes neither.
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.slice(0, 512).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    let weight = 1;
    for (const p of params) {
      const [key, value] = p.split('=').map((s) => s.trim());
      if (key === 'q') weight = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    q[name.trim()] = weight;
  }
  const weight = (encoding: Encoding) => q[encoding] ?? (encoding === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `fast` for answers made per request (brotli 4 compresses about as fast as gzip 6, and smaller);
 * `best` for files compressed once and kept (brotli 11, gzip 9).
 */
export function compressBytes(bytes: Uint8Array, encoding: Encoding, effort: 'fast' | 'best'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: effort === 'best' ? 9 : 6 });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 11 : 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Adds `Accept-Encoding` to the answer's Vary: caches must keep the compressed and the plain copy apart. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** Installed on the whole app; an answer already encoded (the static files' kept copies) passes as it is. */
export const compression: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || !res.body || res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
  if (res.headers.has('content-encoding') || !COMPRESSIBLE_TYPE.test(res.headers.get('content-type') ?? '')) return;
  const headers = new Headers(res.headers);
  varyOnEncoding(headers);
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (!encoding || declared < MIN_COMPRESS_BYTES) {
    setResponseHeader(c, 'Vary', headers.get('vary')!);
    return;
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length < MIN_COMPRESS_BYTES) {
    replaceResponse(c, new Response(bytes, { status: res.status, statusText: res.statusText, headers }));
    return;
  }
  const packed = await compressBytes(bytes, encoding, 'fast');
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(packed.length));
  replaceResponse(c, new Response(new Uint8Array(packed), { status: res.status, statusText: res.statusText, headers }));
};
