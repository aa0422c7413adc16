import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { createTestServer, type TestServer } from '../test-server';
import { rData } from './r';
import { precompressDist } from './precompress';

let ts: TestServer;
let app: Hono;
let dist: string;
/** Big enough to be worth compressing, and compressible as the real files are. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export function handler${i}(event) { return event.target.value + ${i}; }`).join('\n');
const PAGE = `<!doctype html><html><head><title>app</title>${'<link rel="preload" href="/static/js/index.0a1b2c3d.js" as="script">'.repeat(30)}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  ts = await createTestServer();
  dist = mkdtempSync(join(tmpdir(), 'card-admin-headers-'));
  mkdirSync(join(dist, 'static', 'js'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'static', 'js', 'index.0a1b2c3d.js'), SCRIPT);
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The same server, serving a built app; and an API answer large enough to compress.
  app = createApp(ts.ctx, [], dist);
  // Outside /api (no token needed), answered as the API answers; POST, which the page's catch-all leaves alone.
  app.post('/test/large', (c) => c.json(rData(Array.from({ length: 200 }, (_, i) => ({ id: String(i), name: `第${i}行` })))));
  app.post('/test/own-policy', (c) => c.json(rData(1), 200, { 'Content-Security-Policy': "default-src 'none'" }));
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await ts.close();
});

const get = (path: string, encoding?: string, method = 'GET') => app.request(path, { method, headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

const decode = async (res: Response): Promise<string> => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
};

describe('security headers on every answer', () => {
  test('the sign-in page, a script, an API answer, an API error and a missing file carry them', async () => {
    const answers = [await get('/login'), await get('/static/js/index.0a1b2c3d.js'), await get('/api/blade-system/tenant/info'), await get('/api/blade-user/info'), await get('/nothing.png')];
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(answers[2]!.headers.get('cache-control')).toBe('no-store');
  });

  test('a route that sets its own policy keeps it', async () => {
    const res = await get('/test/own-policy', undefined, 'POST');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('compression as the client accepts it', () => {
  test('the sign-in page: brotli, gzip or none, always the same page', async () => {
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', null], [undefined, null]] as const) {
      const res = await get('/login', accept);
      expect([accept, res.status, res.headers.get('content-encoding')]).toEqual([accept, 200, encoding]);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await decode(res)).toBe(PAGE);
    }
    const plain = Buffer.byteLength(PAGE);
    expect(Number((await get('/login', 'br')).headers.get('content-length'))).toBeLessThan(plain / 4);
  });

  test('a script: compressed once and kept (the best compression in place of the quick one when smaller), cached for good', async () => {
    const first = await get('/static/js/index.0a1b2c3d.js', 'br');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('content-type')).toMatch(/javascript/);
    expect(first.headers.get('cache-control')).toContain('immutable');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const quick = Number(first.headers.get('content-length'));
    expect(await decode(first)).toBe(SCRIPT);
    expect(quick).toBeLessThan(SCRIPT.length / 10);
    await new Promise((r) => setTimeout(r, 300));
    const later = await get('/static/js/index.0a1b2c3d.js', 'br');
    expect(Number(later.headers.get('content-length'))).toBeLessThanOrEqual(quick);
    expect(await decode(later)).toBe(SCRIPT);
    const gzip = await get('/static/js/index.0a1b2c3d.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await decode(gzip)).toBe(SCRIPT);
    const plain = await get('/static/js/index.0a1b2c3d.js');
    expect([plain.headers.get('content-encoding'), plain.headers.get('vary')]).toEqual([null, 'Accept-Encoding']);
    expect(await plain.text()).toBe(SCRIPT);
  });

  test("the build's compressed copies are sent as they are; one older than its file is not", async () => {
    const built = mkdtempSync(join(tmpdir(), 'card-admin-built-'));
    try {
      mkdirSync(join(built, 'static', 'js'), { recursive: true });
      writeFileSync(join(built, 'index.html'), PAGE);
      const script = join(built, 'static', 'js', 'built.js');
      writeFileSync(script, `${SCRIPT}\n// built`);
      expect(await precompressDist(built)).toBe(1); // the script; the page is read each time, never compressed ahead
      const builtApp = createApp(ts.ctx, [], built);
      const fetch = (path: string, encoding: string) => builtApp.request(path, { headers: { 'Accept-Encoding': encoding } });
      const br = await fetch('/static/js/built.js', 'br');
      expect(Buffer.from(await br.arrayBuffer())).toEqual(readFileSync(`${script}.br`));
      const gzip = await fetch('/static/js/built.js', 'gzip');
      expect([gzip.headers.get('content-encoding'), await decode(gzip)]).toEqual(['gzip', `${SCRIPT}\n// built`]);
      // A copy left from an earlier build of a file changed since: the file's own bytes are compressed.
      const changed = join(built, 'static', 'js', 'changed.js');
      writeFileSync(changed, SCRIPT);
      writeFileSync(`${changed}.br`, brotliCompressSync('stale'));
      utimesSync(`${changed}.br`, new Date(2020, 0, 1), new Date(2020, 0, 1));
      expect(await decode(await fetch('/static/js/changed.js', 'br'))).toBe(SCRIPT);
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });

  test('an API answer is compressed; a small one and an image are not', async () => {
    const res = await app.request('/test/large', { method: 'POST', headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(await decode(res)).data).toHaveLength(200);
    const small = await get('/api/blade-system/tenant/info', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).success).toBe(true);
    expect((await get('/logo.svg', 'br')).headers.get('content-encoding')).toBeNull(); // below 1 kB
  });
});
