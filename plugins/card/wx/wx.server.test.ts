import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import paramServer from '../../param/server';
import cardServer from '../server';

/**
 * `/api/wx/upload/file` (a picture for the cards, for those who may write card content) and
 * `/api/wx/get/domian` (the tenant's card domain, one's own tenant only but for the super administrator).
 */
let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string; // the `user` role: view codes only
let festivalEditor: string; // festival_add and nothing else that writes

const PNG = new Uint8Array(readFileSync(new URL('../demo/logo-1.png', import.meta.url)));
const JPEG = new Uint8Array(readFileSync(new URL('../demo/poster-1.jpg', import.meta.url)));
const en = { 'Accept-Language': 'en' };

const upload = (bytes: Uint8Array, name: string, token = admin, headers?: Record<string, string>) => {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return ts.post('/api/wx/upload/file', { token, body: form, headers });
};
const domain = (token: string, tenantId?: string) => ts.get('/api/wx/get/domian', { token, query: tenantId === undefined ? {} : { tenantId } });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, paramServer, cardServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'festival_editor', codes: ['festival', 'festival_add'] });
  await ts.addUser({ tenantId: '000000', account: 'fest', password: 'fest', roleId });
  festivalEditor = (await ts.signIn('fest', 'fest')).access_token;
});
afterAll(() => ts.close());

describe('POST /api/wx/upload/file', () => {
  test('stores a png or jpg, judged by its bytes, and answers its link; the link serves it', async () => {
    const res = await upload(PNG, 'logo.png');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ link: expect.stringMatching(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/), name: expect.stringMatching(/\.png$/), originalName: 'logo.png', attachId: expect.any(String) });
    const served = await ts.get(res.body.data.link);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    // The name says png, the bytes say jpeg: the bytes win.
    const jpeg = await upload(JPEG, 'poster.png', festivalEditor);
    expect(jpeg.body.data.link).toMatch(/\.jpg$/);
  });

  test('refuses what is not a picture, a missing file and a picture above 5 MB, in the caller’s language', async () => {
    const text = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    expect((await upload(text, 'x.png')).body.msg).toBe('只能上传jpg/png格式的图片');
    expect((await upload(text, 'x.png', admin, en)).body.msg).toBe('Only jpg/png images can be uploaded');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(JPEG.slice(0, 3));
    const tooBig = await upload(big, 'big.jpg');
    expect([tooBig.status, tooBig.body.msg]).toEqual([400, '上传图片大小不能超过5MB']);
    expect((await upload(big, 'big.jpg', admin, en)).body.msg).toBe('The image may not be larger than 5 MB');
    const none = await ts.post('/api/wx/upload/file', { token: admin, body: new FormData() });
    expect([none.status, none.body.msg]).toEqual([400, '缺少必要的请求参数: file']);
  });

  test('a picture between the API’s usual body cap and 5 MB is taken', async () => {
    const large = new Uint8Array(1536 * 1024);
    large.set(JPEG);
    const res = await upload(large, 'large.jpg');
    expect([res.status, res.body.msg]).toEqual([200, '操作成功']);
  });

  test('only those who may write card content upload: a reader is refused', async () => {
    const refused = await upload(PNG, 'logo.png', viewer);
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
  });
});

describe('GET /api/wx/get/domian', () => {
  test('the tenant’s card.domain parameter, else CARD_DOMAIN, else the product’s', async () => {
    const saved = process.env.CARD_DOMAIN;
    try {
      delete process.env.CARD_DOMAIN;
      expect((await domain(viewer)).body.data).toBe('https://card.example.com');
      process.env.CARD_DOMAIN = 'https://cards.example.org/';
      expect((await domain(admin, '000000')).body.data).toBe('https://cards.example.org');
      const set = await ts.post('/api/blade-system/param/submit', { token: admin, json: { paramName: '名片域名', paramKey: 'card.domain', paramValue: 'https://card.bladex.example.com' } });
      expect(set.body.success).toBe(true);
      expect((await domain(admin)).body.data).toBe('https://card.bladex.example.com');
      expect((await domain(demoAdmin)).body.data).toBe('https://cards.example.org'); // 100001 has no parameter of its own
    } finally {
      if (saved === undefined) delete process.env.CARD_DOMAIN;
      else process.env.CARD_DOMAIN = saved;
    }
  });

  test('another tenant’s only for the super administrator; an unknown or malformed tenant is refused', async () => {
    expect((await domain(admin, DEMO_TENANT.tenantId)).status).toBe(200);
    const refused = await domain(demoAdmin, '000000');
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect((await domain(viewer, DEMO_TENANT.tenantId)).status).toBe(403);
    expect((await domain(admin, '987654')).body.msg).toBe('租户不存在');
    const bad = await domain(admin, "1' or '1'='1");
    expect([bad.status, bad.body.msg]).toEqual([400, '请求参数格式错误: tenantId']);
    expect((await ts.get('/api/wx/get/domian')).status).toBe(401);
  });
});
