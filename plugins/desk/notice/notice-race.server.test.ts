import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { fireTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import deskServer from '../server';
import { NOTICE_STATE } from './entity';

/**
 * Publishing and reading fired at once: of twenty identical publish moves exactly one succeeds (the row
 * locked, the update conditional), and twenty read marks of one notice by one user, or "mark all" from
 * several tabs at once, leave one mark each, on PGlite and on PostgreSQL.
 */
const BASE = '/api/blade-desk/notice';

describe.each(serverBackends())('notice moves and marks at once on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  let seq = 0;

  const draft = async () => {
    const title = `并发通知${++seq}`;
    const res = await ts.post(`${BASE}/submit`, { token: admin, json: { title, category: 1, status: NOTICE_STATE.draft } });
    if (!res.body.success) throw new Error(String(res.body.msg));
    const rows = (await ts.get(`${BASE}/list`, { token: admin, query: { title } })).body.data.records as { id: string }[];
    return rows[0]!.id;
  };
  const marks = (id: string) =>
    ts.ctx.db.system(async (tx) => Number((await tx.one<{ n: number }>(`select count(*)::int as n from blade_notice_read where notice_id = $1`, [id]))!.n));
  const answers = <T,>(settled: PromiseSettledResult<T>[]) =>
    settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, deskServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  test('twenty publishes of one draft: exactly one succeeds, the rest are refused naming both states', async () => {
    const id = await draft();
    const results = answers(await fireTogether(20, () => ts.post(`${BASE}/status`, { token: admin, query: { id, status: String(NOTICE_STATE.published) } })));
    expect(results.filter((r) => r.body.success === true)).toHaveLength(1);
    const refused = results.filter((r) => r.body.success !== true);
    expect(refused.map((r) => [r.status, r.body.msg])).toEqual(Array(19).fill([400, '通知状态不能从「已发布」变为「已发布」']));
  });

  test('twenty read marks of one notice by one user, and read-all from three tabs: one mark each', async () => {
    const id = await draft();
    await ts.post(`${BASE}/status`, { token: admin, query: { id, status: String(NOTICE_STATE.published) } });
    const results = answers(await fireTogether(20, () => ts.post(`${BASE}/read`, { token: admin, query: { id } })));
    expect(results.every((r) => r.status === 200 && r.body.success === true)).toBe(true);
    expect(await marks(id)).toBe(1);

    const other = await draft();
    await ts.post(`${BASE}/status`, { token: admin, query: { id: other, status: String(NOTICE_STATE.published) } });
    const all = answers(await fireTogether(3, () => ts.post(`${BASE}/read-all`, { token: admin })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await marks(other)).toBe(1);
    expect((await ts.get(`${BASE}/my/unread-count`, { token: admin })).body.data).toBe(0);
  });
});
