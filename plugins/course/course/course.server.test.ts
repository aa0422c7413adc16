import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import courseServer from '../server';
import { commerceTopMenu } from '../test-plugins';

/**
 * Courses through `/api/course/*`: the menu, the demo courses of both demo tenants, the rules that span
 * fields (in both languages), the status moves (allowed and refused, naming both states), the seats never
 * below the approvals, removal refused while registrations exist, the `user` role's view only, and tenant
 * isolation.
 */
type Row = Record<string, unknown> & { id: string; title: string; status: number; registeredCount: number; capacity: number };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;
const en = { 'Accept-Language': 'en' };

const submit = (json: Record<string, unknown>, token = admin, headers?: Record<string, string>) => ts.post('/api/course/submit', { token, json, headers });
const move = (id: string, status: number, token = admin, headers?: Record<string, string>) => ts.post('/api/course/update/status', { token, query: { id, status }, headers });
const page = async (query: Record<string, string | number> = {}, token = admin) => (await ts.get('/api/course/page', { token, query: { size: 100, ...query } })).body.data as { records: Row[]; total: number };
const byTitle = async (title: string, token = admin) => {
  const row = (await page({ title }, token)).records.find((r) => r.title === title);
  if (!row) throw new Error(`no course ${title}`);
  return row;
};

const course = (over: Record<string, unknown> = {}) => ({
  title: '测试课程',
  teacher: '张老师',
  category: 3,
  startTime: '2030-05-10 09:00:00',
  endTime: '2030-05-10 17:00:00',
  deadline: '2030-05-08 18:00:00',
  place: '上海市浦东新区 1 号',
  capacity: 20,
  price: 9900,
  introduction: '<p>好课<script>alert(1)</script></p>',
  ...over,
});

/** A course made through the API, its id. */
async function made(over: Record<string, unknown> = {}, token = admin): Promise<string> {
  const res = await submit(course(over), token);
  if (!res.body.success) throw new Error(JSON.stringify(res.body));
  return (await byTitle(String(over.title ?? '测试课程'), token)).id;
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, commerceTopMenu, courseServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
}, 120_000);
afterAll(() => ts.close());

describe('courses: menu and demo data', () => {
  test('课程列表 and 报名管理 hang under 课程管理, with their status buttons', async () => {
    type Node = { code: string; name: string; path?: string; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    const group = routes.find((m) => m.code === 'course_manage');
    expect(group?.name).toBe('课程管理');
    expect(group?.children?.map((m) => [m.code, m.name, m.path])).toEqual([
      ['course', '课程列表', '/course/list'],
      ['course_register', '报名管理', '/course/register'],
    ]);
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    const codes = JSON.stringify(buttons);
    expect(codes).toContain('"course_status"');
    expect(codes).toContain('"course_register_status"');
  });

  test('each demo tenant has six courses of its own in every state, with covers, and the seats its approvals took', async () => {
    const own = (await page()).records;
    const other = (await page({}, demoAdmin)).records;
    expect(own).toHaveLength(6);
    expect(other).toHaveLength(6);
    expect(own.map((r) => r.title).filter((t) => other.some((o) => o.title === t))).toEqual([]);
    for (const rows of [own, other]) {
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3]));
      for (const row of rows) expect(String(row.cover)).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
      const nearlyFull = rows.find((r) => r.status === 1 && r.capacity === 10);
      expect(nearlyFull?.registeredCount).toBe(9);
    }
    const seatsHeld = await ts.ctx.db.system((tx) =>
      tx.query<{ id: string; taken: number; held: number }>(
        `select c.id::text as id, c.registered_count as taken,
                (select count(*)::int from course_register r where r.course_id = c.id and r.is_deleted = 0 and r.status in (1, 4)) as held
           from course c where c.is_deleted = 0`,
      ),
    );
    for (const row of seatsHeld) expect(row.taken).toBe(row.held);
  });

  test('the list answers prices in fen, the time as sent, the category from its dictionary', async () => {
    const row = await byTitle('高效团队管理实战');
    expect(row).toMatchObject({ price: 199_900, category: 1, capacity: 10, status: 1, teacher: '王建国' });
    expect(String(row.startTime)).toMatch(/^\d{4}-\d{2}-\d{2} 09:00:00$/);
    const dict = await ts.get('/api/blade-system/dict/dictionary', { token: admin, query: { code: 'course_category' }, headers: en });
    expect((dict.body.data as { dictKey: string; dictValue: string }[]).map((d) => [d.dictKey, d.dictValue])).toEqual([
      ['1', 'Management'],
      ['2', 'Marketing'],
      ['3', 'Technology'],
      ['4', 'Finance'],
    ]);
  });
});

describe('courses: the rules of a save', () => {
  test('a new course is a draft with no seat taken, whatever the body says; its introduction is cleaned', async () => {
    const id = await made({ title: '新课程草稿', status: 1, registeredCount: 5 });
    const row = (await ts.get('/api/course/detail', { token: admin, query: { id } })).body.data as Row;
    expect(row).toMatchObject({ status: 0, registeredCount: 0, price: 9900 });
    expect(row.introduction).toBe('<p>好课</p>');
  });

  test.each([
    [{ title: '' }, '请输入课程名称', 'Please enter the title'],
    [{ teacher: '' }, '请输入讲师', 'Please enter the teacher'],
    [{ endTime: '2030-05-10 09:00:00' }, '结束时间须晚于开始时间', 'The end time must be after the start time'],
    [{ endTime: '2030-05-09 09:00:00' }, '结束时间须晚于开始时间', 'The end time must be after the start time'],
    [{ deadline: '2030-05-10 09:00:01' }, '报名截止时间不能晚于开始时间', 'The registration deadline may not be after the start time'],
    [{ place: '', onlineUrl: '' }, '请输入上课地点或线上链接', 'Please enter the place or an online link'],
    [{ place: '', onlineUrl: 'javascript:alert(1)' }, '须为 http:// 或 https:// 开头的地址', 'Enter an http:// or https:// address'],
    [{ capacity: 0 }, 'capacity: 不能小于1', 'capacity: must not be less than 1'],
    [{ price: 19.99 }, 'price: 金额须为整数（单位：分）', 'price: must be a whole number of fen'],
    [{ startTime: '2030-02-30 09:00:00' }, '请求参数格式错误: startTime', 'Malformed parameter: startTime'],
  ])('%j is refused: %s', async (over, zh, english) => {
    const res = await submit(course({ title: '规则', ...over }));
    expect([res.status, res.body.msg]).toEqual([400, zh]);
    const inEnglish = await submit(course({ title: '规则', ...over }), admin, en);
    expect([inEnglish.status, inEnglish.body.msg]).toEqual([400, english]);
  });

  test('an online course needs no place; an edit is judged on the whole row (a later start makes the old end too early)', async () => {
    const id = await made({ title: '线上课', place: '', onlineUrl: 'https://live.example.com/r/1' });
    const later = await submit({ id, startTime: '2030-05-11 09:00:00' });
    expect(later.status).toBe(400);
    expect(later.body.msg).toBe('结束时间须晚于开始时间');
    const both = await submit({ id, startTime: '2030-05-11 09:00:00', endTime: '2030-05-11 12:00:00', deadline: '2030-05-10 12:00:00' });
    expect(both.body.success).toBe(true);
  });

  test('the seats may not drop below the approvals already given (容量不能少于已通过的报名人数（N）)', async () => {
    const full = await byTitle('高效团队管理实战');
    const res = await submit({ id: full.id, capacity: 8 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('容量不能少于已通过的报名人数（9）');
    expect((await submit({ id: full.id, capacity: 8 }, admin, en)).body.msg).toBe('The seats may not be fewer than the approved registrations (9)');
    expect((await submit({ id: full.id, capacity: 9 })).body.success).toBe(true);
    expect((await submit({ id: full.id, capacity: 10 })).body.success).toBe(true);
  });

  test('a course with registrations is not removed; one without is', async () => {
    const full = await byTitle('高效团队管理实战');
    const refused = await ts.post('/api/course/remove', { token: admin, query: { ids: full.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('课程「高效团队管理实战」已有12条报名，请先删除报名记录');
    const id = await made({ title: '待删除课程' });
    expect((await ts.post('/api/course/remove', { token: admin, query: { ids: id } })).body.success).toBe(true);
  });
});

describe('courses: status moves', () => {
  test('draft → open → closed → open → closed → finished, each answered with the new state', async () => {
    const id = await made({ title: '状态流转课' });
    for (const to of [1, 2, 1, 2, 3]) {
      const res = await move(id, to);
      expect(res.body).toMatchObject({ success: true, data: { id, status: to } });
    }
    expect((await byTitle('状态流转课')).status).toBe(3);
  });

  test.each([
    [0, 2, '课程状态不能从「草稿」变为「已截止」', 'The course cannot go from "Draft" to "Closed"'],
    [0, 3, '课程状态不能从「草稿」变为「已结束」', 'The course cannot go from "Draft" to "Finished"'],
    [0, 0, '课程状态不能从「草稿」变为「草稿」', 'The course cannot go from "Draft" to "Draft"'],
  ])('from %i to %i is refused naming both states', async (_from, to, zh, enText) => {
    const id = await made({ title: `拒绝流转${to}` });
    expect((await move(id, to)).body.msg).toBe(zh);
    expect((await move(id, to, admin, en)).body.msg).toBe(enText);
  });

  test('a finished course moves no more; an unknown state or id is a 400', async () => {
    const finished = (await page({ status_equal: 3 })).records[0]!;
    for (const to of [0, 1, 2]) expect((await move(finished.id, to)).status).toBe(400);
    expect((await move(finished.id, 9)).body.msg).toBe('请求参数格式错误: status');
    expect((await move('123', 1)).body.msg).toBe('数据不存在');
  });

  test('a course whose registration deadline has passed is not opened', async () => {
    const id = await made({ title: '已过截止', startTime: '2020-05-10 09:00:00', endTime: '2020-05-10 17:00:00', deadline: '2020-05-01 18:00:00' });
    const res = await move(id, 1);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('课程「已过截止」的报名截止时间已过，请先修改截止时间再开放报名');
    expect((await move(id, 1, admin, en)).body.msg).toBe('The registration deadline of "已过截止" has passed: change it before opening registration');
  });
});

describe('courses: access', () => {
  test('the `user` role reads the courses and their choices, and every write is refused with 403', async () => {
    const all = (await page()).total;
    expect((await page({}, viewer)).total).toBe(all);
    expect((await ts.get('/api/course/select', { token: viewer })).body.data).toHaveLength(all);
    const row = await byTitle('新任经理领导力', viewer);
    for (const res of [
      await submit(course({ title: '无权' }), viewer),
      await submit({ id: row.id, title: '改名' }, viewer),
      await ts.post('/api/course/remove', { token: viewer, query: { ids: row.id } }),
      await move(row.id, 1, viewer),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('没有权限执行此操作');
    }
    expect((await byTitle('新任经理领导力')).status).toBe(0);
  });

  test("another tenant's course is neither read, changed, moved nor offered", async () => {
    const mine = await byTitle('新任经理领导力');
    expect((await ts.get('/api/course/detail', { token: demoAdmin, query: { id: mine.id } })).body.data).toBeNull();
    expect((await submit({ id: mine.id, title: '越权' }, demoAdmin)).status).toBe(400);
    expect((await move(mine.id, 1, demoAdmin)).body.msg).toBe('数据不存在');
    const choices = (await ts.get('/api/course/select', { token: demoAdmin })).body.data as { id: string }[];
    expect(choices.map((c) => c.id)).not.toContain(mine.id);
    expect((await byTitle('新任经理领导力')).status).toBe(0);
  });
});
