import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { type CallResult, fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import courseServer from '../server';
import { commerceTopMenu } from '../test-plugins';

/**
 * The seats under concurrency: approvals racing for the last seat (one wins), twenty identical approvals
 * (one succeeds, the count rises once), more approvals than seats, one mobile number registering twenty
 * times at once, cancellations and approvals interleaved. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set, where the transactions really
 * run side by side and only the row locks keep the count right.
 */

const succeeded = (results: PromiseSettledResult<CallResult>[]) => results.filter((r) => r.status === 'fulfilled' && r.value.body.success === true).length;
const refusals = (results: PromiseSettledResult<CallResult>[]) =>
  results.flatMap((r) => (r.status === 'fulfilled' && r.value.body.success !== true ? [`${r.value.status} ${r.value.body.msg}`] : r.status === 'rejected' ? [String(r.reason)] : []));

describe.each(serverBackends())('course seats on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let count = 0;

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, commerceTopMenu, courseServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  const move = (id: string, status: number) => ts.post('/api/course/register/update/status', { token: admin, query: { id, status } });
  const seatsOf = async (courseId: string) =>
    ts.ctx.db.system(async (tx) => {
      const row = await tx.one<{ taken: number; held: number }>(
        `select registered_count as taken, (select count(*)::int from course_register r where r.course_id = c.id and r.is_deleted = 0 and r.status in (1, 4)) as held
           from course c where c.id = $1`,
        [courseId],
      );
      return row!;
    });

  /** An open course with `capacity` seats and `pending` registrations waiting: its id and theirs. */
  async function courseWith(capacity: number, pending: number): Promise<{ courseId: string; title: string; ids: string[] }> {
    const title = `并发课程${++count}`;
    await ts.post('/api/course/submit', { token: admin, json: { title, teacher: '周老师', startTime: '2030-07-01 09:00:00', endTime: '2030-07-01 12:00:00', place: '一号厅', capacity } });
    const courseId = (await ts.get('/api/course/page', { token: admin, query: { title } })).body.data.records[0].id as string;
    expect((await ts.post('/api/course/update/status', { token: admin, query: { id: courseId, status: 1 } })).body.success).toBe(true);
    for (let i = 0; i < pending; i++) {
      const saved = await ts.post('/api/course/register/submit', { token: admin, json: { courseId, name: `学员${i}`, mobile: `1880000${String(count * 100 + i).padStart(4, '0')}` } });
      expect(saved.body.success).toBe(true);
    }
    const ids = ((await ts.get('/api/course/register/page', { token: admin, query: { courseId_equal: courseId, size: 100 } })).body.data.records as { id: string }[]).map((r) => r.id);
    return { courseId, title, ids };
  }

  test('two approvals racing for the last seat: one wins, the other is told the course is full', async () => {
    for (let round = 0; round < 5; round++) {
      const { courseId, title, ids } = await courseWith(3, 4);
      await move(ids[0]!, 1);
      await move(ids[1]!, 1);
      const results = await fireTogether(2, (i) => move(ids[2 + i]!, 1));
      expect(succeeded(results)).toBe(1);
      expect(refusals(results)).toEqual([`400 课程「${title}」名额已满（3/3）`]);
      expect(await seatsOf(courseId)).toEqual({ taken: 3, held: 3 });
    }
  });

  test('twenty identical approvals at once: one succeeds, the count rises once', async () => {
    const { courseId, ids } = await courseWith(5, 1);
    const results = await fireTogether(20, () => move(ids[0]!, 1));
    expect(succeeded(results)).toBe(1);
    expect(new Set(refusals(results))).toEqual(new Set(['400 报名状态不能从「已通过」变为「已通过」']));
    expect(await seatsOf(courseId)).toEqual({ taken: 1, held: 1 });
  });

  test('twenty different approvals for five seats: exactly five pass; twenty identical cancellations give one seat back', async () => {
    const { courseId, ids } = await courseWith(5, 20);
    const results = await fireTogether(20, (i) => move(ids[i]!, 1));
    expect(succeeded(results)).toBe(5);
    expect(await seatsOf(courseId)).toEqual({ taken: 5, held: 5 });
    const approved = ((await ts.get('/api/course/register/page', { token: admin, query: { courseId_equal: courseId, status_equal: 1 } })).body.data.records as { id: string }[])[0]!.id;
    const cancels = await fireTogether(20, () => move(approved, 3));
    expect(succeeded(cancels)).toBe(1);
    expect(await seatsOf(courseId)).toEqual({ taken: 4, held: 4 });
  });

  test('twenty identical course moves at once: one succeeds; lowering the seats while approvals run never goes below them', async () => {
    const { courseId, ids } = await courseWith(6, 6);
    const closing = await fireTogether(20, () => ts.post('/api/course/update/status', { token: admin, query: { id: courseId, status: 2 } }));
    expect(succeeded(closing)).toBe(1);
    expect(new Set(refusals(closing))).toEqual(new Set(['400 课程状态不能从「已截止」变为「已截止」']));
    const calls = [...ids.map((id) => () => move(id, 1)), () => ts.post('/api/course/submit', { token: admin, json: { id: courseId, capacity: 3 } })];
    const results = await fireTogether(calls.length, (i) => calls[i]!());
    const lowered = results.at(-1)!;
    const seats = await seatsOf(courseId);
    expect(seats.taken).toBe(seats.held);
    const capacity = (await ts.get('/api/course/detail', { token: admin, query: { id: courseId } })).body.data.capacity as number;
    expect(seats.taken).toBeLessThanOrEqual(capacity);
    expect(capacity).toBe(lowered.status === 'fulfilled' && lowered.value.body.success ? 3 : 6);
  });

  test('twenty registrations of one mobile number at once: one is made, the others are told it registered', async () => {
    const { courseId } = await courseWith(5, 0);
    const results = await fireTogether(20, (i) => ts.post('/api/course/register/submit', { token: admin, json: { courseId, name: `同号${i}`, mobile: '18899990000' } }));
    expect(succeeded(results)).toBe(1);
    expect(new Set(refusals(results))).toEqual(new Set(['400 该手机号已报名此课程']));
  });

  test('cancellations, approvals, a batch and a removal interleaved keep the count equal to the seats held', async () => {
    const { courseId, ids } = await courseWith(4, 12);
    for (const id of ids.slice(0, 4)) await move(id, 1);
    const calls = [
      ...ids.slice(0, 2).map((id) => () => move(id, 3)),
      ...ids.slice(4, 9).map((id) => () => move(id, 1)),
      () => ts.post('/api/course/register/approve', { token: admin, query: { ids: ids.slice(9, 12).join(',') } }),
      () => ts.post('/api/course/register/remove', { token: admin, query: { ids: ids[3]! } }),
    ];
    const results = await fireTogether(calls.length, (i) => calls[i]!());
    expect(results.every((r) => r.status === 'fulfilled' && r.value.status < 500)).toBe(true);
    const seats = await seatsOf(courseId);
    expect(seats.taken).toBe(seats.held);
    expect(seats.taken).toBeLessThanOrEqual(4);
    expect(ts.logged).toEqual([]);
  });
});
