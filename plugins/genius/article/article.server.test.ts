import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, formatDateTime } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import geniusServer from '../server';
import { commerceTopMenu } from '../test-plugins';

/**
 * Genius articles through their published paths (`/api/genius/info/*`: list, detail, submit, remove): the demo
 * articles, a hostile body cleaned by the server, content required to publish, the publish time stamped
 * once, tenant isolation and the view-only `user` role.
 */
const BASE = '/api/genius/info';
type Article = Record<string, unknown> & { id: string; title: string; content: string; status: number; publishTime: string; geniusName: string };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;
let geniusId: string;
const en = { 'Accept-Language': 'en' };

const submit = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token, json, headers });
const list = async (query: Record<string, string | number> = {}, token = admin) => (await ts.get(`${BASE}/list`, { token, query: { size: 100, ...query } })).body.data as { records: Article[]; total: number };
const byTitle = async (title: string) => (await list({ title })).records.find((r) => r.title === title)!;
const detail = async (id: string, token = admin) => (await ts.get(`${BASE}/detail`, { token, query: { id } })).body.data as Article | null;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, commerceTopMenu, geniusServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  geniusId = ((await ts.get('/api/genius/list', { token: admin, query: { name: '林思远' } })).body.data.records as { id: string }[])[0]!.id;
});
afterAll(() => ts.close());

describe('genius articles: demo data', () => {
  test('each demo tenant has six articles of its own: four published with content and a publish time, two drafts, with covers and their genius', async () => {
    for (const token of [admin, demoAdmin]) {
      const { records } = await list({}, token);
      expect(records).toHaveLength(6);
      const published = records.filter((r) => r.status === 1);
      expect(published).toHaveLength(4);
      for (const r of published) {
        expect(r.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(r.content).toMatch(/<(h2|p|ul|ol)>/);
      }
      for (const r of records) {
        expect(String(r.cover)).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
        expect(r.geniusName).not.toBe('');
      }
    }
    expect((await list({}, demoAdmin)).records.map((r) => r.title)).not.toContain('签合同前必看的七个条款');
  });
});

describe('genius articles: saving', () => {
  test('a hostile body is cleaned by the server: scripts, event handlers and javascript: links are gone, the text stays', async () => {
    const hostile =
      '<p onclick="steal()">好文<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a><iframe src="https://evil.example"></iframe><a href="https://example.com">正常链接</a></p>';
    expect((await submit({ title: '清洗测试', geniusId, content: hostile, status: 1 })).body.success).toBe(true);
    const saved = await byTitle('清洗测试');
    expect(saved.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(saved.content).toContain('好文');
    expect(saved.content).toContain('https://example.com');
    expect(saved.content).toContain('点我');
  });

  test('a published article needs content (an emptied editor is none); a draft does not', async () => {
    for (const content of [undefined, '', '<p></p>', '<p> </p><script>x</script>']) {
      const refused = await submit({ title: '空文章', geniusId, content, status: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('请输入文章内容');
    }
    expect((await submit({ title: '空文章', geniusId, status: 1 }, admin, en)).body.msg).toBe('Please enter the content');
    expect((await submit({ title: '空草稿', geniusId, status: 0 })).body.success).toBe(true);
    const draft = await byTitle('空草稿');
    expect(draft).toMatchObject({ status: 0, publishTime: '' });
    // Published later without content: refused as well.
    expect((await submit({ id: draft.id, status: 1 })).body.msg).toBe('请输入文章内容');
  });

  test('the publish time is the server’s, stamped the first time and kept after going back to draft', async () => {
    expect((await submit({ title: '发布时间', geniusId, content: '<p>内容</p>', status: 0, publishTime: '2000-01-01 00:00:00' })).body.success).toBe(true);
    const draft = await byTitle('发布时间');
    expect(draft.publishTime).toBe('');
    // The stamp is taken while the call runs: between the clock's reading before it and after it (a
    // second may turn in between on a busy machine).
    const before = formatDateTime(ts.ctx.now());
    await submit({ id: draft.id, status: 1 });
    const after = formatDateTime(ts.ctx.now());
    const first = (await detail(draft.id))!.publishTime;
    expect(first >= before && first <= after).toBe(true);
    ts.advance(120_000); // two minutes on: a new stamp would differ
    await submit({ id: draft.id, status: 0 });
    await submit({ id: draft.id, status: 1, title: '发布时间' });
    expect((await detail(draft.id))!.publishTime).toBe(first);
  });

  test.each([
    ['no title', { geniusId, content: '<p>x</p>' }, '请输入文章标题', 'Please enter the title'],
    ['no genius', { title: '无达人' }, '请选择达人', 'Please choose the genius'],
    ['an unknown genius', { title: '无达人', geniusId: '123456789' }, '达人不存在', 'The genius does not exist'],
    ['a cover that is no link', { title: '坏封面', geniusId, cover: 'javascript:alert(1)' }, '请求参数格式错误: cover', 'Malformed parameter: cover'],
  ])('refuses %s with a 400 in the caller’s language', async (_what, body, zh, english) => {
    const refused = await submit(body);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(zh);
    expect((await submit(body, admin, en)).body.msg).toBe(english);
  });
});

describe('genius articles: tenants and permissions', () => {
  test('another tenant’s genius cannot be named, and its administrator neither reads, changes nor removes 000000’s articles', async () => {
    const theirGenius = ((await ts.get('/api/genius/list', { token: demoAdmin, query: { name: '许清禾' } })).body.data.records as { id: string }[])[0]!.id;
    expect((await submit({ title: '借用', geniusId: theirGenius })).body.msg).toBe('达人不存在');
    const mine = (await list()).records[0]!;
    expect(await detail(mine.id, demoAdmin)).toBeNull();
    expect((await submit({ id: mine.id, title: '改' }, demoAdmin)).status).toBe(400);
    expect((await ts.post(`${BASE}/remove`, { token: demoAdmin, query: { ids: mine.id } })).body.success).toBe(false);
    expect((await detail(mine.id))!.title).toBe(mine.title);
  });

  test('the view-only user role reads and is refused every write with a 403', async () => {
    const mine = (await list({}, viewer)).records[0]!;
    expect(mine).toBeTruthy();
    for (const refused of [await submit({ title: 'x', geniusId }, viewer), await submit({ id: mine.id, title: 'x' }, viewer), await ts.post(`${BASE}/remove`, { token: viewer, query: { ids: mine.id } })]) {
      expect(refused.status).toBe(403);
    }
  });

  test('an article is removed', async () => {
    await submit({ title: '待删文章', geniusId });
    const row = await byTitle('待删文章');
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: row.id } })).body.success).toBe(true);
    expect(await detail(row.id)).toBeNull();
  });
});
