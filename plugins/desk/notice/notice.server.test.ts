import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, formatDateTime } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import deskServer from '../server';
import { NOTICE_STATE } from './entity';

/**
 * Notices through BladeX's paths (`/api/blade-desk/notice/*`): the engine's list, detail, submit and
 * remove with validation in both languages and cleaned rich text; publishing and withdrawing; and what each
 * member reads in the popover (`my`, `my/detail`, `read`, `read-all`): only published, released notices of
 * their own tenant, read marks per user and per tenant, the `user` role reading and marking but not writing.
 */
const BASE = '/api/blade-desk/notice';
type Row = Record<string, unknown> & { id: string; title: string };
type Mine = { id: string; title: string; category: number; categoryName: string; releaseTime: string; read: boolean };

let ts: TestServer;
let admin: string; // administrator of 000000
let viewer: string; // demo / demo: the `user` role of 000000
let other: string; // a second `user` of 000000
let demoAdmin: string; // admin of 100001
let nobody: string; // 000000, a role with no code at all

const en = { 'Accept-Language': 'en' };
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => formatDateTime(new Date(ts.ctx.now().getTime() + hoursFromNow * HOUR));

const submit = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token, json, headers });
const list = async (query: Record<string, string> = {}, token = admin): Promise<Row[]> => {
  const res = await ts.get(`${BASE}/list`, { token, query: { size: '100', ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.records;
};
const byTitle = async (title: string, token = admin) => {
  const row = (await list({ title }, token)).find((r) => r.title === title);
  if (!row) throw new Error(`no notice ${title}`);
  return row;
};
/** Saves a notice and answers its row. */
const made = async (json: Record<string, unknown>, token = admin): Promise<Row> => {
  const res = await submit({ category: 1, ...json }, token);
  if (!res.body.success) throw new Error(`submit refused: ${res.body.msg}`);
  return byTitle(String(json.title), token);
};
const mine = async (token: string, query: Record<string, string> = {}) => {
  const res = await ts.get(`${BASE}/my`, { token, query: { size: '50', ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { records: Mine[]; total: number; unread: number; current: number; size: number };
};
const unread = async (token: string) => (await ts.get(`${BASE}/my/unread-count`, { token })).body.data as number;
const read = (id: string, token: string, headers?: Record<string, string>) => ts.post(`${BASE}/read`, { token, query: { id }, headers });
const move = (id: string, status: number, token = admin) => ts.post(`${BASE}/status`, { token, query: { id, status: String(status) } });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, deskServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  const userRole = await ts.ctx.db.system((tx) => tx.one<{ id: string }>(`select id::text as id from blade_role where tenant_id = '000000' and role_alias = 'user'`));
  await ts.addUser({ tenantId: '000000', account: 'reader2', password: 'reader2', roleId: userRole!.id });
  other = (await ts.signIn('reader2', 'reader2')).access_token;
  const noneId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: noneId });
  nobody = (await ts.signIn('nobody', 'nobody')).access_token;
});
afterAll(() => ts.close());

describe('notices: menu, dictionary and demo data', () => {
  test('通知公告 hangs under 工作台 after 个人信息 with its four buttons; the user role may view', async () => {
    type Node = { code: string; name: string; path?: string; sort?: number; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    const desk = routes.find((m) => m.code === 'desk')!;
    expect(desk.children?.map((m) => m.code)).toEqual(['info', 'notice']);
    expect(desk.children?.find((m) => m.code === 'notice')).toMatchObject({ name: '通知公告', path: '/desk/notice' });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'notice')?.children?.map((b) => b.code)).toEqual(['notice_add', 'notice_edit', 'notice_delete', 'notice_view']);
    const viewerButtons = (await ts.get('/api/blade-system/menu/buttons', { token: viewer })).body.data as Node[];
    expect(viewerButtons.find((m) => m.code === 'notice')?.children?.map((b) => b.code)).toEqual(['notice_view']);
  });

  test('the category dictionary answers in the caller’s language', async () => {
    const zh = (await ts.get('/api/blade-system/dict/dictionary', { token: admin, query: { code: 'notice' } })).body.data as { dictKey: string; dictValue: string }[];
    expect(zh.map((d) => `${d.dictKey}${d.dictValue}`)).toEqual(['1发布通知', '2批转通知', '3转发通知', '4指示通知', '5任免通知', '6事务通知']);
    const english = (await ts.get('/api/blade-system/dict/dictionary', { token: admin, query: { code: 'notice' }, headers: en })).body.data as { dictValue: string }[];
    expect(english[0]!.dictValue).toBe('Announcement');
  });

  test('each demo tenant has notices of its own: published, one scheduled, one draft, some read by its administrator', async () => {
    const ours = await list();
    const theirs = await list({}, demoAdmin);
    expect(ours.length).toBeGreaterThanOrEqual(4);
    expect(theirs.length).toBeGreaterThanOrEqual(4);
    expect(ours.map((r) => r.title).filter((t) => theirs.some((r) => r.title === t))).toEqual([]);
    for (const rows of [ours, theirs]) {
      expect(rows.filter((r) => r.status === NOTICE_STATE.draft)).toHaveLength(1);
      expect(rows.filter((r) => r.status === NOTICE_STATE.published && String(r.releaseTime) > at(0))).toHaveLength(1);
      expect(rows.some((r) => Number(r.readCount) > 0)).toBe(true);
      // BladeX's names, the category's name included.
      expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['id', 'title', 'category', 'categoryName', 'releaseTime', 'content', 'status', 'readCount']));
    }
    expect(ours.find((r) => r.category === 5)?.categoryName).toBe('任免通知');
    expect((await list({ category_equal: '5' }, admin)).length).toBeGreaterThan(0);
    const english = (await ts.get(`${BASE}/list`, { token: admin, query: { category_equal: '5' }, headers: en })).body.data.records as Row[];
    expect(english[0]!.categoryName).toBe('Appointment and removal');
  });
});

describe('notices: writing', () => {
  test('the title and category are required and the title at most 255 characters, in the caller’s language; the form is answered 400', async () => {
    const missing = await submit({ category: 1 });
    expect([missing.status, missing.body.msg]).toEqual([400, '请输入通知标题']);
    expect((await submit({ category: 1 }, admin, en)).body.msg).toBe('Please enter the title');
    expect((await submit({ title: '无类型' })).body.msg).toBe('请选择通知类型');
    const long = await submit({ title: 'x'.repeat(256), category: 1 }, admin, en);
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/255/);
    const badTime = await submit({ title: '时间不对', category: 1, releaseTime: '2026-02-30 10:00:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.msg).toContain('releaseTime');
  });

  test('hostile rich text is cleaned on save: no script, handler, style, frame or javascript: link survives', async () => {
    const hostile =
      '<p onclick="steal()">放假<script>alert(1)</script><strong style="color:red">安排</strong></p><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:alert(1)">点我</a><img src="x" onerror="alert(1)"><a href="https://example.com">官网</a>';
    const row = await made({ title: '清理测试', content: hostile });
    const content = String((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data.content);
    expect(content).toContain('放假');
    expect(content).toContain('<strong>安排</strong>');
    expect(content).toContain('href="https://example.com"');
    for (const bad of ['<script', 'onclick', 'onerror', 'style=', '<iframe', 'javascript:', 'src="x"']) expect(content).not.toContain(bad);
  });

  test('a notice saved without a release time is released at once; with a time ahead it is scheduled', async () => {
    const now = await made({ title: '即时通知' });
    expect(String(now.releaseTime) <= at(0)).toBe(true);
    expect(String(now.releaseTime) >= at(-0.1)).toBe(true);
    expect(now.status).toBe(NOTICE_STATE.published);
    const later = await made({ title: '稍后通知', releaseTime: at(5) });
    expect(later.releaseTime).toBe(at(5));
  });

  test('the state is set when made and changed only by publishing and withdrawing', async () => {
    const draft = await made({ title: '草稿通知', status: NOTICE_STATE.draft });
    expect(draft.status).toBe(NOTICE_STATE.draft);
    // An edit does not publish it.
    await submit({ ...draft, status: NOTICE_STATE.published });
    expect((await byTitle('草稿通知')).status).toBe(NOTICE_STATE.draft);
    expect((await move(draft.id, NOTICE_STATE.published)).body).toMatchObject({ success: true, data: { id: draft.id, status: NOTICE_STATE.published } });
    const again = await move(draft.id, NOTICE_STATE.published, admin);
    expect([again.status, again.body.msg]).toEqual([400, '通知状态不能从「已发布」变为「已发布」']);
    expect((await move(draft.id, NOTICE_STATE.draft)).body.success).toBe(true);
    expect((await byTitle('草稿通知')).status).toBe(NOTICE_STATE.draft);
  });

  test('the user role reads the list but may not add, edit, publish or remove (403); a role without codes may not read it', async () => {
    const row = await made({ title: '只读通知' });
    expect((await list({}, viewer)).length).toBeGreaterThan(0);
    for (const res of [await submit({ title: '越权', category: 1 }, viewer), await submit({ ...row, title: '越权改' }, viewer), await move(row.id, NOTICE_STATE.draft, viewer), await ts.post(`${BASE}/remove`, { token: viewer, query: { ids: row.id } })]) {
      expect([res.status, res.body.code]).toEqual([403, 403]);
    }
    expect((await ts.get(`${BASE}/list`, { token: nobody })).status).toBe(403);
    expect((await byTitle('只读通知')).title).toBe('只读通知');
  });
});

describe('notices: what each member reads', () => {
  test('only published notices whose release time has come are in `my`: never a draft, a scheduled or a removed one', async () => {
    const shown = await made({ title: '成员可见' });
    const draft = await made({ title: '成员不可见草稿', status: NOTICE_STATE.draft });
    const scheduled = await made({ title: '成员不可见定时', releaseTime: at(0.2) });
    const removed = await made({ title: '成员不可见已删' });
    await ts.post(`${BASE}/remove`, { token: admin, query: { ids: removed.id } });
    const titles = (await mine(viewer)).records.map((n) => n.title);
    expect(titles).toContain('成员可见');
    for (const hidden of ['成员不可见草稿', '成员不可见定时', '成员不可见已删']) expect(titles).not.toContain(hidden);
    for (const id of [draft.id, scheduled.id, removed.id]) {
      const detail = await ts.get(`${BASE}/my/detail`, { token: viewer, query: { id } });
      expect([detail.status, detail.body.msg]).toEqual([400, '通知不存在或尚未发布']);
      expect((await read(id, viewer, en)).body.msg).toBe('The notice does not exist or is not published yet');
    }
    expect((await ts.get(`${BASE}/my/detail`, { token: viewer, query: { id: shown.id } })).body.data).toMatchObject({ id: shown.id, title: '成员可见', read: false });
    // The scheduled one appears when its time comes (the server's clock moved on, within the token's life).
    ts.advance(HOUR / 2);
    try {
      expect((await mine(viewer)).records.map((n) => n.title)).toContain('成员不可见定时');
    } finally {
      ts.advance(-HOUR / 2);
    }
  });

  test('unread first, then newest; reading marks it for that user only, idempotently; the counts follow', async () => {
    const before = await mine(other);
    expect(before.unread).toBe(await unread(other));
    const first = before.records[0]!;
    expect(first.read).toBe(false);
    expect((await read(first.id, other)).body.data).toEqual({ unread: before.unread - 1 });
    expect((await read(first.id, other)).body.data).toEqual({ unread: before.unread - 1 }); // again: nothing changes
    const after = await mine(other);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.records.at(-1)?.read === true || after.records.findIndex((n) => n.read) >= after.unread).toBe(true);
    // Read ones after every unread one, each group newest first.
    const flags = after.records.map((n) => n.read);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
    const unreadTimes = after.records.filter((n) => !n.read).map((n) => n.releaseTime);
    expect(unreadTimes).toEqual([...unreadTimes].sort().reverse());
    // The viewer's marks are their own.
    expect((await mine(viewer)).records.find((n) => n.id === first.id)?.read).toBe(false);
    // The read count of the list counts the readers.
    const row = (await list({}, admin)).find((r) => r.id === first.id)!;
    expect(Number(row.readCount)).toBeGreaterThanOrEqual(1);
  });

  test('paging: current and size, bounded, and bad values refused in the caller’s language', async () => {
    const all = await mine(viewer);
    const one = await mine(viewer, { current: '2', size: '1' });
    expect(one.records).toHaveLength(1);
    expect(one.records[0]!.id).toBe(all.records[1]!.id);
    expect(one.total).toBe(all.total);
    for (const query of [{ size: '51' }, { size: '0' }, { current: 'x' }, { current: '-1' }]) {
      const res = await ts.get(`${BASE}/my`, { token: viewer, query, headers: en });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  test('read-all marks every visible notice read for the caller alone, and takes no parameter', async () => {
    await made({ title: '全部已读前' });
    expect(await unread(other)).toBeGreaterThan(0);
    const refused = await ts.post(`${BASE}/read-all`, { token: other, query: { id: '1' } });
    expect([refused.status, refused.body.msg]).toEqual([400, '此操作不接受参数: id']);
    expect((await ts.post(`${BASE}/read-all`, { token: other, json: { x: 1 }, headers: en })).body.msg).toBe('This call takes no parameter: x');
    expect((await ts.post(`${BASE}/read-all`, { token: other })).body.data).toEqual({ unread: 0 });
    expect(await unread(other)).toBe(0);
    expect((await mine(other)).records.every((n) => n.read)).toBe(true);
    expect(await unread(viewer)).toBeGreaterThan(0);
  });

  test("another tenant's notice is refused, and marks stay per tenant", async () => {
    const ours = await made({ title: '本租户通知' });
    for (const res of [await ts.get(`${BASE}/my/detail`, { token: demoAdmin, query: { id: ours.id } }), await read(ours.id, demoAdmin)]) {
      expect([res.status, res.body.msg]).toEqual([400, '通知不存在或尚未发布']);
    }
    expect((await mine(demoAdmin)).records.map((n) => n.id)).not.toContain(ours.id);
    const theirs = (await mine(demoAdmin)).records[0]!;
    expect((await read(theirs.id, viewer)).status).toBe(400);
    const marks = await ts.ctx.db.system((tx) => tx.query<{ tenant_id: string }>(`select distinct r.tenant_id from blade_notice_read r join blade_notice n on n.id = r.notice_id where r.tenant_id <> n.tenant_id`));
    expect(marks).toEqual([]);
  });

  test('any signed-in member reads and marks without a button code; the user role can, and a role with no code at all too', async () => {
    for (const token of [viewer, nobody]) {
      const page = await mine(token);
      expect(page.total).toBeGreaterThan(0);
      expect((await read(page.records[0]!.id, token)).body.success).toBe(true);
    }
    expect((await ts.get(`${BASE}/my`)).status).toBe(401);
  });

  test('the detail of a published notice is there without notice_view, its content cleaned, not marked read by reading it', async () => {
    const row = await made({ title: '详情通知', content: '<p>正文<script>x()</script></p>' });
    const detail = (await ts.get(`${BASE}/my/detail`, { token: nobody, query: { id: row.id } })).body.data;
    expect(detail).toMatchObject({ id: row.id, title: '详情通知', category: 1, categoryName: '发布通知', content: '<p>正文</p>', read: false });
    expect((await mine(nobody)).records.find((n) => n.id === row.id)?.read).toBe(false);
  });
});
