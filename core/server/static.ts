import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { COMPRESSIBLE_TYPE, compressBytes, MIN_COMPRESS_BYTES, pickEncoding, type Encoding } from './http/compression';
import { COMPRESSED_COPY } from './http/precompress';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Not built</title>
<body style="font:16px system-ui;margin:3em">
<h1>The browser app is not built</h1>
<p>This server found no <code>dist/index.html</code>. Run <code>npm run build</code> (or <code>npm start</code>, which builds first),
or use <code>npm run dev</code> for development. The API is up under <code>/api</code>.</p>`;

/** Hashed assets never change under their name; everything else is asked again each time. */
const cacheControl = (path: string) => (/[/\\]static[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

/** The dist file a request path names (a regular file inside dist), else null. */
function fileOf(distDir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\u0000')) return null;
  const file = resolve(distDir, `.${decoded}`);
  if (!file.startsWith(distDir + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** The build's own compressed copy of a file (precompressDist), when it is there and not older than the file. */
async function builtCopy(file: string, encoding: Encoding, changed: number): Promise<Uint8Array | null> {
  const copy = file + COMPRESSED_COPY[encoding];
  try {
    return statSync(copy).mtimeMs >= changed ? new Uint8Array(await readFile(copy)) : null;
  } catch {
    return null;
  }
}

/**
 * Compressed copies of the built files, kept for the process: the build's own (made at the best settings),
 * else made on first request, a quick one at once (a few milliseconds), then the best (brotli 11, several
 * hundred milliseconds for the largest chunk, on the thread pool) in its place. Keyed by file, size and
 * time of change, so a rebuild is seen.
 */
function compressedFiles() {
  const kept = new Map<string, Promise<{ bytes: Uint8Array }>>();
  return async (file: string, encoding: Encoding): Promise<Uint8Array> => {
    const stat = statSync(file);
    const key = `${file}\u0000${stat.size}\u0000${stat.mtimeMs}\u0000${encoding}`;
    let entry = kept.get(key);
    if (!entry) {
      entry = builtCopy(file, encoding, stat.mtimeMs).then(async (built) => {
        if (built) return { bytes: built };
        const raw = await readFile(file);
        const packed = { bytes: new Uint8Array(await compressBytes(raw, encoding, 'fast')) };
        compressBytes(raw, encoding, 'best').then(
          (best) => {
            // Brotli 11 is smaller on real bundles by a tenth, yet not on every input.
            if (best.length < packed.bytes.length) packed.bytes = new Uint8Array(best);
          },
          () => undefined, // the quick copy stays
        );
        return packed;
      });
      kept.set(key, entry);
      entry.catch(() => kept.delete(key));
    }
    return (await entry).bytes;
  };
}

/**
 * Serves the built browser app: files from dist (hashed assets cached for good, the page itself never),
 * compressed when the client accepts it, and dist/index.html for any other GET outside /api so that
 * client-side routes survive a reload.
 */
export function mountBrowserApp(app: Hono, distDir: string | null): void {
  const indexFile = distDir ? join(distDir, 'index.html') : '';
  if (!distDir || !existsSync(indexFile)) {
    app.get('*', (c) => (isApi(c.req.path) ? c.notFound() : c.html(NOT_BUILT, c.req.path === '/' ? 200 : 404)));
    return;
  }
  const root = resolve(distDir);
  const files = serveStatic({
    root: distDir,
    onFound: (path, c) => {
      c.header('Cache-Control', cacheControl(path));
    },
  });
  const compressed = compressedFiles();
  const compressedFile = async (c: Context): Promise<Response | null> => {
    if (c.req.method !== 'GET') return null;
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const file = encoding ? fileOf(root, c.req.path) : null;
    const type = file ? getMimeType(file) : undefined;
    if (!encoding || !file || !type || !COMPRESSIBLE_TYPE.test(type) || statSync(file).size < MIN_COMPRESS_BYTES) return null;
    const bytes = await compressed(file, encoding);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': type,
      'Content-Encoding': encoding,
      'Content-Length': String(bytes.length),
      'Cache-Control': cacheControl(file),
      Vary: 'Accept-Encoding',
    });
  };
  app.use('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    return (await compressedFile(c)) ?? files(c, next);
  });
  // The files the first page loads are compressed as the server starts, not while its first visitor waits.
  setImmediate(() => {
    const page = readFileSync(indexFile, 'utf8');
    for (const [, path] of page.matchAll(/(?:src|href)="(\/[^"?#]+)"/g)) {
      const file = fileOf(root, path!);
      const type = file ? getMimeType(file) : undefined;
      if (!file || !type || !COMPRESSIBLE_TYPE.test(type)) continue;
      for (const encoding of ['br', 'gzip'] as const) compressed(file, encoding).catch(() => undefined);
    }
  });
  app.get('*', (c) => {
    if (isApi(c.req.path)) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8')); // read each time: a rebuild shows without a restart
  });
}
