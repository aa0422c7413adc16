import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineEntity } from '../../schema/entity';
import { defineResource } from '../../schema/resource';
import { bizError } from '../http/errors';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';

/**
 * The `prepare` hook: slow work on a save's body done before the write transaction opens, after the access
 * check, its result carried to the hooks inside the transaction by the body itself.
 */

const memo = defineEntity({
  name: 'memo',
  table: 'demo_memo',
  label: { zh: '备忘', en: 'Memo' },
  api: { base: '/api/demo/memo' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true },
    digest: { type: 'string', label: { zh: '摘要', en: 'Digest' }, writable: 'never' },
  },
});

/** What `prepare` computed, by body: read back by `afterChange`. */
const digests = new WeakMap<object, string>();
const prepared: { title: unknown; tenantId: string; otherWorkRan: boolean; rowsSeen: number }[] = [];
let ts: TestServer;

const demo = defineServerPlugin(
  { id: 'demo', name: { zh: '演示', en: 'Demo' }, resources: [defineResource({ entity: memo, menu: { parent: 'system', sort: 1 } })] },
  {
    resources: {
      memo: {
        hooks: {
          async prepare({ user, body, read }) {
            if (body.title === 'refuse') throw bizError({ zh: '准备时拒绝', en: 'Refused while preparing' });
            // No transaction is open: on the embedded database (one connection) another one runs now. Were one
            // open, the other would wait for it for ever and the test would fail at its limit.
            const otherWorkRan = (await ts.ctx.db.system((tx) => tx.one<{ ok: number }>('select 1 as ok')))?.ok === 1;
            const seen = await read((tx) => tx.one<{ n: number }>('select count(*)::int as n from demo_memo'));
            prepared.push({ title: body.title, tenantId: user.tenantId, otherWorkRan, rowsSeen: seen?.n ?? -1 });
            digests.set(body, `#${String(body.title).length}`);
          },
          async afterChange({ tx, id, body }) {
            await tx.query('update demo_memo set digest = $1 where id = $2', [digests.get(body) ?? 'missing', id]);
          },
        },
      },
    },
  },
);

let admin: string;
let viewer: string; // holds `memo` only: may read, not write
let other: string; // administrator of tenant 600002

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  const viewerRole = await ts.addRole({ tenantId: '000000', alias: 'viewer', codes: ['memo'] });
  await ts.addUser({ tenantId: '000000', account: 'viewer', password: 'pw', roleId: viewerRole });
  viewer = (await ts.signIn('viewer', 'pw')).access_token;
  const { adminRoleId } = await ts.addTenant('600002');
  await ts.addUser({ tenantId: '600002', account: 'boss', password: 'pw', roleId: adminRoleId });
  other = (await ts.signIn('boss', 'pw', '600002')).access_token;
});
afterAll(() => ts.close());

const digestOf = async (title: string) =>
  (await ts.ctx.db.system((tx) => tx.one<{ digest: string | null }>('select digest from demo_memo where title = $1 and is_deleted = 0', [title])))?.digest;

describe('the prepare hook', () => {
  test('runs outside any transaction, reads in the caller’s tenant, and hands its result to the hooks inside', async () => {
    await ts.post('/api/demo/memo/submit', { token: other, json: { title: 'theirs' } });
    prepared.length = 0;
    expect((await ts.post('/api/demo/memo/submit', { token: admin, json: { title: 'hello' } })).status).toBe(200);
    // Row-level security held the read to tenant 000000: the other tenant's memo is not counted.
    expect(prepared).toEqual([{ title: 'hello', tenantId: '000000', otherWorkRan: true, rowsSeen: 0 }]);
    expect(await digestOf('hello')).toBe('#5');

    const row = await ts.ctx.db.system((tx) => tx.one<{ id: string }>(`select id::text as id from demo_memo where title = 'hello'`));
    expect((await ts.post('/api/demo/memo/submit', { token: admin, json: { id: row!.id, title: 'hello again' } })).status).toBe(200);
    expect(await digestOf('hello again')).toBe('#11');
  });

  test('a caller who may not save is refused before it runs; a refusal from it writes nothing', async () => {
    prepared.length = 0;
    const refused = await ts.post('/api/demo/memo/submit', { token: viewer, json: { title: 'sneaky' } });
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect(prepared).toEqual([]);

    const declined = await ts.post('/api/demo/memo/submit', { token: admin, json: { title: 'refuse' }, headers: { 'Accept-Language': 'en' } });
    expect([declined.status, declined.body.msg]).toEqual([400, 'Refused while preparing']);
    expect(await digestOf('refuse')).toBeUndefined();
    expect(ts.logged).toEqual([]);
  });
});
