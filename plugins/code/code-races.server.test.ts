import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { answersTogether, serverBackends, type TestServer } from '../../core/sdk/server-testing';
import datasourceServer from '../datasource/server';
import dictServer from '../dict/server';
import codeServer from './server';
import { recordForTable } from './server/generation';

/**
 * Records made at once: copies of one record each get a plugin id of their own, and a table asked for by
 * two commands at once gets one record. On PostgreSQL too when TEST_DATABASE_URL names one (PGlite runs
 * one transaction at a time, so only PostgreSQL proves the lock).
 */

const BASE = '/api/blade-develop/code';

describe.each(serverBackends())('code records made at once on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, datasourceServer, codeServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  });
  afterAll(() => ts.close());

  const pluginIds = () => ts.ctx.db.system((tx) => tx.query<{ plugin_id: string }>(`select plugin_id from blade_code where is_deleted = 0 order by plugin_id`));

  test('five copies of the crm record fired together: five records, five plugin ids, no failure', async () => {
    const crm = (await ts.get(`${BASE}/list`, { token: admin, query: { pluginId: 'crm' } })).body.data.records[0] as { id: string };
    const answers = await answersTogether(5, () => ts.post(`${BASE}/copy`, { token: admin, query: { id: crm.id } }));
    for (const res of answers) expect([res.status, res.body.success, res.body.msg]).toEqual([200, true, expect.anything()]);
    expect(new Set(answers.map((res) => res.body.data)).size).toBe(5);
    expect((await pluginIds()).map((r) => r.plugin_id)).toEqual(['crm', 'crm-copy', 'crm-copy-2', 'crm-copy-3', 'crm-copy-4', 'crm-copy-5']);
    expect(ts.logged).toEqual([]);
  });

  test('a new table asked for three times at once: one record', async () => {
    await ts.ctx.db.system((tx) => tx.exec(`create table crm_contract (id int8 primary key, title varchar(100) not null, signed_on date)`));
    const ids = await answersTogether(3, () => recordForTable(ts.ctx, '0', 'crm_contract', 'crm_'));
    expect(new Set(ids).size).toBe(1);
    expect((await pluginIds()).filter((r) => !r.plugin_id.startsWith('crm-copy') && r.plugin_id !== 'crm')).toHaveLength(1);
  });
});
