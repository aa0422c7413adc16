import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { bizError, defineServerPlugin } from '../../../core/sdk/server';
import { answersTogether, serverBackends, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import resourceServer from '../server';
import { mountExclusiveEnable } from './exclusive-enable';

/**
 * The exclusive enable, on the SMS configurations' table: enables and disables fired at once leave at
 * most one configuration enabled (the tenant's rows locked, a partial unique index behind the rule), and
 * a check run before the switch can refuse it or find the row changed once the rows are locked. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set, where the calls really run side by side.
 */
let verdict: 'pass' | 'refuse' | 'changed' = 'pass';
const checked: string[] = [];

/** The same move mounted again with a check, as a configuration probed before it is enabled would be. */
const checkedEnable = defineServerPlugin(
  { id: 'enable-check-test', name: { zh: '启用检查测试', en: 'Enable check test' } },
  {
    routes(api, ctx) {
      mountExclusiveEnable(api, ctx, {
        base: '/enable-check-test/sms',
        table: 'blade_sms',
        code: 'sms_edit',
        subject: { zh: '短信配置', en: 'SMS configuration' },
        async check(_tenantId, id) {
          checked.push(id);
          if (verdict === 'refuse') throw bizError({ zh: '连接测试失败', en: 'The connection test failed' });
          return async () => verdict === 'pass';
        },
      });
    },
  },
);

describe.each(serverBackends())('the exclusive enable on $name', (backend) => {
  let ts: TestServer;
  let admin: string;
  const ids: string[] = [];

  beforeAll(async () => {
    ts = await backend.start({ plugins: [dictServer, resourceServer, checkedEnable] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
    for (let i = 0; i < 6; i++) {
      const saved = await ts.post('/api/blade-resource/sms/submit', { token: admin, json: { category: 1, smsCode: `race-${i}`, templateContent: '验证码${code}' } });
      expect(saved.body.success).toBe(true);
    }
    const rows = (await ts.get('/api/blade-resource/sms/list', { token: admin, query: { size: '100' } })).body.data.records as { id: string; smsCode: string }[];
    ids.push(...rows.filter((r) => r.smsCode.startsWith('race-')).map((r) => r.id));
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  const enabled = (tenantId = '000000') =>
    ts.ctx.db.system((tx) => tx.query<{ id: string }>(`select id::text as id from blade_sms where tenant_id = $1 and status = 2 and is_deleted = 0`, [tenantId]));

  test('twelve enables of six configurations at once: each answers, one configuration is enabled', async () => {
    expect(ids).toHaveLength(6);
    const answers = await answersTogether(12, (i) => ts.post('/api/blade-resource/sms/enable', { token: admin, query: { id: ids[i % ids.length]! } }));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(await enabled()).toHaveLength(1);
    // The other demo tenant's enabled configuration is not one of them.
    expect(await enabled('100001')).toHaveLength(1);
  });

  test('enables and disables mixed at once: never two enabled', async () => {
    const answers = await answersTogether(12, (i) => ts.post(`/api/blade-resource/sms/${i % 3 === 0 ? 'disable' : 'enable'}`, { token: admin, query: { id: ids[i % ids.length]! } }));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect((await enabled()).length).toBeLessThanOrEqual(1);
  });

  test('the database itself refuses a second enabled row written behind the rule’s back', async () => {
    await ts.post('/api/blade-resource/sms/enable', { token: admin, query: { id: ids[0]! } });
    await expect(ts.ctx.db.system((tx) => tx.query(`update blade_sms set status = 2 where id = $1`, [ids[1]]))).rejects.toThrow();
    expect((await enabled()).map((r) => r.id)).toEqual([ids[0]]);
  });

  test('a check refuses before anything changes; a row found changed once locked is refused; a passing check enables', async () => {
    checked.length = 0; // the plugin is shared by the backends' runs
    verdict = 'refuse';
    const refused = await ts.post('/api/enable-check-test/sms/enable', { token: admin, query: { id: ids[2]! }, headers: { 'Accept-Language': 'en' } });
    expect([refused.status, refused.body.msg]).toEqual([400, 'The connection test failed']);
    verdict = 'changed';
    const changed = await ts.post('/api/enable-check-test/sms/enable', { token: admin, query: { id: ids[2]! } });
    expect([changed.status, changed.body.msg]).toEqual([400, '配置在检查期间已被修改，请重试']);
    expect((await enabled()).map((r) => r.id)).toEqual([ids[0]]);
    verdict = 'pass';
    expect((await ts.post('/api/enable-check-test/sms/enable', { token: admin, query: { id: ids[2]! } })).status).toBe(200);
    expect((await enabled()).map((r) => r.id)).toEqual([ids[2]]);
    expect(checked).toEqual([ids[2], ids[2], ids[2]]);
  });
});
