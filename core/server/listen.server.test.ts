import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { md5 } from './auth/password';
import { silentLogger } from './context';
import { startServer, type StartedServer } from './listen';

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
