import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from './auth/password';
import { silentLogger, type Logger } from './context';
import { serverTimeouts, startServer, type StartedServer } from './listen';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
let root: string;
let dataDir: string;
let distDir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'card-admin-server-test-'));
  dataDir = join(root, 'data');
  distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'static', 'js'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(distDir, 'static', 'js', 'index.abc123.js'), 'console.log(1)');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const start = (dist: string | null = distDir) => startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: dist, log: silentLogger });

async function signIn(server: StartedServer, account: string, plain: string) {
  const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5(plain), grant_type: 'password', scope: 'all' });
  const res = await fetch(`${server.url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
  return { status: res.status, body: await res.json() };
}

describe('startServer with PGlite on disk', () => {
  test('serves the API and the built app; a restart keeps the data and the signing secret', async () => {
    const first = await start();
    let token = '';
    try {
      const login = await signIn(first, 'admin', 'admin');
      expect(login.status).toBe(200);
      token = login.body.access_token;
      const update = await fetch(`${first.url}/api/blade-user/update-info`, {
        method: 'POST',
        headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ realName: '持久化' }),
      });
      expect(update.status).toBe(200);

      const page = await fetch(`${first.url}/`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
      const asset = await fetch(`${first.url}/static/js/index.abc123.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      // A client-side route survives a reload: the page comes back.
      const deep = await fetch(`${first.url}/system/user/index`);
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<div id="root">');
      const api404 = await fetch(`${first.url}/api/blade-nothing`, { headers: { 'Blade-Auth': `bearer ${token}` } });
      expect(api404.status).toBe(404);
    } finally {
      await first.close();
    }
    expect(statSync(join(dataDir, 'token-secret')).mode & 0o777).toBe(0o600);

    const second = await start();
    try {
      const info = await fetch(`${second.url}/api/blade-user/info`, { headers: { 'Blade-Auth': `bearer ${token}` } });
      expect(info.status).toBe(200);
      expect((await info.json()).data.realName).toBe('持久化');
      expect((await signIn(second, 'demo', 'demo')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  test('without a built app, / says so and the API still works', async () => {
    const server = await start(join(root, 'no-dist'));
    try {
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('npm run build');
      expect((await fetch(`${server.url}/api/blade-system/tenant/info?domain=x`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/**
 * Sends `payload` on a raw connection and waits until the server closes it (or, with `hangUp`, closes it
 * itself once the payload is sent); returns what came back and how long the connection lived.
 */
function rawRequest(url: string, payload: string, hangUp = false): Promise<{ answer: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const started = performance.now();
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(payload, () => hangUp && socket.destroy()));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined); // a reset after the server's answer
    socket.on('close', () => done({ answer, ms: performance.now() - started }));
  });
}

describe('slow and vanishing clients', () => {
  test('the server checks its request time-out far more often than Node’s 30 s (a tenth of it); how soon a stalled request is cut is a figure of npm run bench', () => {
    expect(serverTimeouts(30_000).connectionsCheckingInterval).toBeLessThanOrEqual(3_000);
    expect(serverTimeouts(5_000).connectionsCheckingInterval).toBeLessThanOrEqual(500);
  });

  test('a body that stalls is answered 408 and closed at the time-out, not before; a client that hangs up mid-body is one log line, no stack', async () => {
    const lines: string[] = [];
    const errors: unknown[] = [];
    let heard: () => void = () => undefined;
    const log: Logger = {
      info: (message) => {
        lines.push(message);
        heard();
      },
      error: (message, error) => errors.push([message, error]),
    };
    const nextLine = () => new Promise<void>((resolve) => (heard = resolve));
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir, log, requestTimeoutMs: 1000 });
    try {
      const head = (framing: string) => `POST /api/blade-user/update-info HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
      const stalled = await rawRequest(server.url, `${head('Content-Length: 100')}{"realName":`);
      expect(stalled.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(stalled.ms).toBeGreaterThanOrEqual(900);
      const stalledChunks = await rawRequest(server.url, `${head('Transfer-Encoding: chunked')}b\r\n{"realName"\r\n`);
      expect(stalledChunks.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(stalledChunks.ms).toBeGreaterThanOrEqual(900);
      const before = lines.length;
      const said = nextLine();
      const hungUp = await rawRequest(server.url, `${head('Transfer-Encoding: chunked')}b\r\n{"realName"\r\n`, true);
      expect(hungUp.answer).toBe('');
      await said;
      expect(lines.slice(before)).toEqual([expect.stringMatching(/^POST \/api\/blade-user\/update-info \(.+\): the client closed the connection before the request was complete$/)]);
      expect(errors).toEqual([]);
      // The server is as it was: the next request is answered, and the hang-up left nothing more to say.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(lines.length).toBe(before + 1);
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
