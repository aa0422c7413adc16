import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { answersTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import resourceServer from '../server';

/**
 * Enables of different configurations of one tenant fired at once: whichever order they run in, exactly
 * one configuration is enabled afterwards (the rows are locked, and a partial unique index stands behind
 * the rule). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set, where they really run side by side.
 */
describe.each(serverBackends())('enabling storage configurations at once on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  const ids: string[] = [];

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, resourceServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    for (let i = 0; i < 6; i++) {
      await ts.post('/api/blade-resource/oss/submit', { token: admin, json: { category: 1, ossCode: `disk-${i}` } });
    }
    const rows = (await ts.get('/api/blade-resource/oss/list', { token: admin, query: { size: '100' } })).body.data.records as { id: string; ossCode: string }[];
    ids.push(...rows.filter((r) => r.ossCode.startsWith('disk-')).map((r) => r.id));
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  const enabledCount = async () =>
    Number((await ts.ctx.db.system((tx) => tx.one<{ n: string }>(`select count(*)::text as n from blade_oss where tenant_id = '000000' and status = 2 and is_deleted = 0`)))!.n);

  test('twelve enables of six configurations: every one answers, and one configuration is enabled', async () => {
    expect(ids).toHaveLength(6);
    const answers = await answersTogether(12, (i) => ts.post('/api/blade-resource/oss/enable', { token: admin, query: { id: ids[i % ids.length]! } }));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await enabledCount()).toBe(1);
  });

  test('enables and disables mixed: never two enabled', async () => {
    const answers = await answersTogether(12, (i) => ts.post(`/api/blade-resource/oss/${i % 3 === 0 ? 'disable' : 'enable'}`, { token: admin, query: { id: ids[i % ids.length]! } }));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await enabledCount()).toBeLessThanOrEqual(1);
  });

  test('the database refuses a second enabled row written behind the rule’s back', async () => {
    await ts.post('/api/blade-resource/oss/enable', { token: admin, query: { id: ids[0]! } });
    await expect(ts.ctx.db.system((tx) => tx.query(`update blade_oss set status = 2 where id = $1`, [ids[1]]))).rejects.toThrow();
  });
});
