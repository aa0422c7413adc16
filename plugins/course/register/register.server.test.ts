import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, formatDateTime } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import courseServer from '../server';
import { commerceTopMenu } from '../test-plugins';

/**
 * Registrations through `/api/course/register/*`: who may register for what (an open course before its
 * deadline, a mobile number once per course), every move allowed and refused naming both states (zh/en),
 * the seats an approval takes and a cancellation or a removal gives back, the refusal past capacity, the
 * batch approval's answer, the home card's summary, the `user` role's view only and tenant isolation.
 */
type Registration = Record<string, unknown> & { id: string; courseId: string; name: string; mobile: string; status: number };
type Course = Record<string, unknown> & { id: string; title: string; status: number; registeredCount: number; capacity: number };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;
const en = { 'Accept-Language': 'en' };
const HOUR = 3_600_000;

const register = (json: Record<string, unknown>, token = admin, headers?: Record<string, string>) => ts.post('/api/course/register/submit', { token, json, headers });
const move = (id: string, status: number, token = admin, headers?: Record<string, string>) => ts.post('/api/course/register/update/status', { token, query: { id, status }, headers });
const courseOf = async (id: string, token = admin) => (await ts.get('/api/course/detail', { token, query: { id } })).body.data as Course;
const registrations = async (query: Record<string, string | number>, token = admin) =>
  ((await ts.get('/api/course/register/page', { token, query: { size: 100, ...query } })).body.data as { records: Registration[] }).records;

let courseCount = 0;
/** A course made through the API and opened, its id. */
async function openCourse(capacity: number, over: Record<string, unknown> = {}): Promise<string> {
  const title = `报名测试课${++courseCount}`;
  const body = { title, teacher: '李老师', startTime: '2030-06-10 09:00:00', endTime: '2030-06-10 12:00:00', deadline: '2030-06-09 12:00:00', place: '会议室', capacity, ...over };
  const saved = await ts.post('/api/course/submit', { token: admin, json: body });
  if (!saved.body.success) throw new Error(JSON.stringify(saved.body));
  const id = ((await ts.get('/api/course/page', { token: admin, query: { title } })).body.data.records as Course[])[0]!.id;
  const opened = await ts.post('/api/course/update/status', { token: admin, query: { id, status: 1 } });
  if (!opened.body.success) throw new Error(JSON.stringify(opened.body));
  return id;
}

let mobileCount = 0;
/** A pending registration for the course, its id. */
async function registered(courseId: string, name = '报名人'): Promise<string> {
  const mobile = `1500000${String(++mobileCount).padStart(4, '0')}`;
  const res = await register({ courseId, name, mobile, company: '测试公司', position: '经理' });
  if (!res.body.success) throw new Error(JSON.stringify(res.body));
  return (await registrations({ courseId_equal: courseId, mobile }))[0]!.id;
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, commerceTopMenu, courseServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
}, 120_000);
afterAll(() => ts.close());

describe('registrations: who may register', () => {
  test('a registration for an open course is pending, whatever status the body says', async () => {
    const courseId = await openCourse(5);
    const res = await register({ courseId, name: '王小明', mobile: '13912345678', status: 1 });
    expect(res.body).toMatchObject({ success: true });
    const [row] = await registrations({ courseId_equal: courseId });
    expect(row).toMatchObject({ name: '王小明', mobile: '13912345678', status: 0 });
    expect((await courseOf(courseId)).registeredCount).toBe(0);
  });

  test.each([
    [{ name: '' }, '请输入姓名', 'Please enter the name'],
    [{ mobile: '' }, '手机号码不能为空', 'The mobile number is required'],
    [{ mobile: '1391234567' }, '手机号码长度不为11位', 'The mobile number must have 11 digits'],
    [{ mobile: '23912345678' }, '手机号码格式不正确', 'The mobile number is not valid'],
    [{ courseId: '' }, '请选择报名课程', 'Please choose the course'],
    [{ courseId: '123' }, '报名的课程不存在', 'The course does not exist'],
  ])('%j is refused: %s', async (over, zh, english) => {
    const courseId = await openCourse(5);
    const body = { courseId, name: '校验', mobile: '13700000000', ...over };
    expect([(await register(body)).status, (await register(body)).body.msg]).toEqual([400, zh]);
    expect((await register(body, admin, en)).body.msg).toBe(english);
  });

  test('a course not open, or past its deadline, takes no registration (named in the refusal)', async () => {
    const draft = (await ts.get('/api/course/page', { token: admin, query: { status_equal: 0, title: '新任经理领导力' } })).body.data.records[0] as Course;
    expect((await register({ courseId: draft.id, name: '甲', mobile: '13700000001' })).body.msg).toBe('课程「新任经理领导力」当前不在报名中（草稿）');
    expect((await register({ courseId: draft.id, name: '甲', mobile: '13700000001' }, admin, en)).body.msg).toBe('The course "新任经理领导力" is not open for registration (Draft)');
    const closed = (await ts.get('/api/course/page', { token: admin, query: { status_equal: 2, title: '财务报表分析入门' } })).body.data.records[0] as Course;
    expect((await register({ courseId: closed.id, name: '甲', mobile: '13700000001' })).body.msg).toBe('课程「财务报表分析入门」当前不在报名中（已截止）');

    // A deadline an hour from now, then the clock two hours on.
    const at = (ms: number) => formatDateTime(new Date(ts.ctx.now().getTime() + ms));
    const deadline = at(HOUR);
    const courseId = await openCourse(5, { deadline, startTime: at(24 * HOUR), endTime: at(26 * HOUR) });
    ts.advance(2 * HOUR);
    try {
      const late = await ts.signIn('admin', 'admin');
      const refused = await register({ courseId, name: '迟到', mobile: '13700000002' }, late.access_token);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(new RegExp(`^课程「报名测试课\\d+」报名已截止（${deadline.slice(0, 16)}）$`));
      expect((await register({ courseId, name: '迟到', mobile: '13700000002' }, late.access_token, en)).body.msg).toMatch(/^Registration for "报名测试课\d+" closed at /);
    } finally {
      ts.advance(-2 * HOUR);
    }
  });

  test('the same mobile number registers once per course (该手机号已报名此课程), also when twenty try at once', async () => {
    const courseId = await openCourse(5);
    const other = await openCourse(5);
    expect((await register({ courseId, name: '甲', mobile: '13600000000' })).body.success).toBe(true);
    const again = await register({ courseId, name: '乙', mobile: '13600000000' });
    expect([again.status, again.body.msg]).toEqual([400, '该手机号已报名此课程']);
    expect((await register({ courseId, name: '乙', mobile: '13600000000' }, admin, en)).body.msg).toBe('This mobile number has already registered for this course');
    expect((await register({ courseId: other, name: '甲', mobile: '13600000000' })).body.success).toBe(true);

    const answers = await Promise.all(Array.from({ length: 20 }, () => register({ courseId, name: '并发', mobile: '13600000001' })));
    expect(answers.filter((a) => a.body.success === true)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.success !== true)) expect([a.status, a.body.msg]).toEqual([400, '该手机号已报名此课程']);
    expect(await registrations({ courseId_equal: courseId, mobile: '13600000001' })).toHaveLength(1);
  });

  test('an edit keeps the registration with its course and its state', async () => {
    const courseId = await openCourse(5);
    const other = await openCourse(5);
    const id = await registered(courseId, '改前');
    expect((await register({ id, name: '改后', courseId: other, status: 1 })).body.success).toBe(true);
    const row = (await ts.get('/api/course/register/detail', { token: admin, query: { id } })).body.data as Registration;
    expect(row).toMatchObject({ name: '改后', courseId, status: 0 });
  });
});

describe('registrations: moves and seats', () => {
  test('pending → approved takes a seat, approved → cancelled gives it back, approved → attended keeps it', async () => {
    const courseId = await openCourse(3);
    const [a, b] = [await registered(courseId), await registered(courseId)];
    expect((await move(a, 1)).body).toMatchObject({ success: true, msg: '操作成功', data: { id: a, status: 1 } });
    expect((await move(b, 1)).body.success).toBe(true);
    expect((await courseOf(courseId)).registeredCount).toBe(2);
    expect((await move(a, 4)).body.success).toBe(true);
    expect((await courseOf(courseId)).registeredCount).toBe(2);
    expect((await move(b, 3)).body.success).toBe(true);
    expect((await courseOf(courseId)).registeredCount).toBe(1);
  });

  test.each([
    [[], 3, '报名状态不能从「待审核」变为「已取消」', 'The registration cannot go from "Pending" to "Cancelled"'],
    [[], 4, '报名状态不能从「待审核」变为「已签到」', 'The registration cannot go from "Pending" to "Attended"'],
    [[1], 2, '报名状态不能从「已通过」变为「已拒绝」', 'The registration cannot go from "Approved" to "Refused"'],
    [[1], 1, '报名状态不能从「已通过」变为「已通过」', 'The registration cannot go from "Approved" to "Approved"'],
    [[2], 1, '报名状态不能从「已拒绝」变为「已通过」', 'The registration cannot go from "Refused" to "Approved"'],
    [[1, 3], 1, '报名状态不能从「已取消」变为「已通过」', 'The registration cannot go from "Cancelled" to "Approved"'],
    [[1, 4], 3, '报名状态不能从「已签到」变为「已取消」', 'The registration cannot go from "Attended" to "Cancelled"'],
  ])('after %j, a move to %i is refused naming both states', async (path, to, zh, english) => {
    const courseId = await openCourse(3);
    const id = await registered(courseId);
    for (const step of path) expect((await move(id, step)).body.success).toBe(true);
    const seats = (await courseOf(courseId)).registeredCount;
    const refused = await move(id, to);
    expect([refused.status, refused.body.msg]).toEqual([400, zh]);
    expect((await move(id, to, admin, en)).body.msg).toBe(english);
    expect((await courseOf(courseId)).registeredCount).toBe(seats);
  });

  test('approving past the seats is refused naming the course and its seats; a cancellation makes room again', async () => {
    const courseId = await openCourse(2);
    const title = (await courseOf(courseId)).title;
    const [a, b, c] = [await registered(courseId), await registered(courseId), await registered(courseId)];
    await move(a, 1);
    await move(b, 1);
    const full = await move(c, 1);
    expect([full.status, full.body.msg]).toEqual([400, `课程「${title}」名额已满（2/2）`]);
    expect((await move(c, 1, admin, en)).body.msg).toBe(`The course "${title}" is full (2/2)`);
    expect((await ts.get('/api/course/register/detail', { token: admin, query: { id: c } })).body.data.status).toBe(0);
    await move(a, 3);
    expect((await move(c, 1)).body.success).toBe(true);
    expect((await courseOf(courseId)).registeredCount).toBe(2);
  });

  test('the demo course with 9 of 10 seats taken: one more approval fills it, the next is refused', async () => {
    const course = (await ts.get('/api/course/page', { token: admin, query: { title: '高效团队管理实战' } })).body.data.records[0] as Course;
    const waiting = await registrations({ courseId_equal: course.id, status_equal: 0 });
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect((await move(waiting[0]!.id, 1)).body.success).toBe(true);
    expect((await move(waiting[1]!.id, 1)).body.msg).toBe('课程「高效团队管理实战」名额已满（10/10）');
    expect((await courseOf(course.id)).registeredCount).toBe(10);
  });

  test('a finished course approves no more', async () => {
    const courseId = await openCourse(5);
    const id = await registered(courseId);
    await ts.post('/api/course/update/status', { token: admin, query: { id: courseId, status: 2 } });
    await ts.post('/api/course/update/status', { token: admin, query: { id: courseId, status: 3 } });
    const title = (await courseOf(courseId)).title;
    expect((await move(id, 1)).body.msg).toBe(`课程「${title}」已结束，不能再通过报名`);
  });

  test('removing registrations that hold seats gives the seats back', async () => {
    const courseId = await openCourse(5);
    const ids = [await registered(courseId), await registered(courseId), await registered(courseId)];
    await move(ids[0]!, 1);
    await move(ids[1]!, 1);
    await move(ids[1]!, 4);
    expect((await courseOf(courseId)).registeredCount).toBe(2);
    expect((await ts.post('/api/course/register/remove', { token: admin, query: { ids: ids.join(',') } })).body.success).toBe(true);
    expect((await courseOf(courseId)).registeredCount).toBe(0);
  });
});

describe('registrations: batch approval and summary', () => {
  test('the batch approves in the order they came until the seats run out, and says why the others did not pass', async () => {
    const courseId = await openCourse(2);
    const title = (await courseOf(courseId)).title;
    const [a, b, c, d] = [await registered(courseId, '甲'), await registered(courseId, '乙'), await registered(courseId, '丙'), await registered(courseId, '丁')];
    await move(d, 2);
    const res = await ts.post('/api/course/register/approve', { token: admin, query: { ids: [c, d, b, a].join(',') } });
    expect(res.body.data).toEqual({
      passed: 2,
      missing: 0,
      refused: [
        { id: c, name: '丙', reason: `课程「${title}」名额已满（2/2）` },
        { id: d, name: '丁', reason: '报名状态不能从「已拒绝」变为「已通过」' },
      ],
    });
    expect((await registrations({ courseId_equal: courseId, status_equal: 1 })).map((r) => r.name).sort()).toEqual(['乙', '甲']);
    const english = await ts.post('/api/course/register/approve', { token: admin, query: { ids: `${c},999` }, headers: en });
    expect(english.body.data).toEqual({ passed: 0, missing: 1, refused: [{ id: c, name: '丙', reason: `The course "${title}" is full (2/2)` }] });
    expect((await ts.post('/api/course/register/approve', { token: admin, query: { ids: 'x' } })).status).toBe(400);
  });

  test('the summary counts the pending registrations and the courses starting within a week', async () => {
    // The second demo tenant as seeded: 10 waiting (its courses' days count from the day the seed ran).
    expect((await ts.get('/api/course/register/summary', { token: demoAdmin })).body.data).toMatchObject({ pending: 10 });
    const summary = async () => (await ts.get('/api/course/register/summary', { token: admin })).body.data as { pending: number; startingSoon: number };
    const before = await summary();
    const at = (ms: number) => formatDateTime(new Date(ts.ctx.now().getTime() + ms));
    const soon = await openCourse(5, { deadline: at(HOUR), startTime: at(48 * HOUR), endTime: at(50 * HOUR) });
    await openCourse(5, { deadline: at(HOUR), startTime: at(8 * 24 * HOUR), endTime: at(8 * 24 * HOUR + HOUR) });
    const id = await registered(soon);
    expect(await summary()).toEqual({ pending: before.pending + 1, startingSoon: before.startingSoon + 1 });
    await move(id, 2);
    expect((await summary()).pending).toBe(before.pending);
    expect((await ts.get('/api/course/register/summary', { token: viewer })).body.success).toBe(true);
  });
});

describe('registrations: access', () => {
  test('the `user` role reads registrations; every write and move is refused with 403', async () => {
    const [row] = await registrations({ status_equal: 0 }, viewer);
    expect(row).toBeTruthy();
    for (const res of [
      await register({ courseId: row!.courseId, name: '无权', mobile: '13511112222' }, viewer),
      await register({ id: row!.id, name: '改名' }, viewer),
      await ts.post('/api/course/register/remove', { token: viewer, query: { ids: row!.id } }),
      await move(row!.id, 1, viewer),
      await ts.post('/api/course/register/approve', { token: viewer, query: { ids: row!.id } }),
    ]) {
      expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    }
    expect((await ts.get('/api/course/register/detail', { token: admin, query: { id: row!.id } })).body.data).toMatchObject({ status: 0, name: row!.name });
  });

  test("another tenant's registrations and courses are out of reach", async () => {
    const [row] = await registrations({ status_equal: 0 });
    expect((await ts.get('/api/course/register/detail', { token: demoAdmin, query: { id: row!.id } })).body.data).toBeNull();
    expect((await move(row!.id, 1, demoAdmin)).body.msg).toBe('数据不存在');
    expect((await ts.post('/api/course/register/approve', { token: demoAdmin, query: { ids: row!.id } })).body.data).toEqual({ passed: 0, missing: 1, refused: [] });
    expect((await register({ courseId: row!.courseId, name: '越权', mobile: '13511113333' }, demoAdmin)).body.msg).toBe('报名的课程不存在');
    expect((await ts.post('/api/course/register/remove', { token: demoAdmin, query: { ids: row!.id } })).status).toBeLessThan(500);
    expect((await ts.get('/api/course/register/detail', { token: admin, query: { id: row!.id } })).body.data).toMatchObject({ status: 0 });
  });
});
