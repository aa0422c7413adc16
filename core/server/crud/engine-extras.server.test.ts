import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineResource } from '../../schema/resource';
import { defineEntity } from '../../schema/entity';
import { noPermission } from '../auth/permissions';
import { bizError } from '../http/errors';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';

/**
 * More engine options, on two entities defined here: a table of one row per tenant read across tenants by
 * the super administrator alone (`allTenants`), an add the plugin makes itself (`create`), query
 * parameters of one's own (`params`), `update` beside `submit`, and the stored row given to `beforeValidate`.
 */

/** One row per tenant (its `tenant_id` is a key, not an owner), like the kernel's tenants. */
const office = defineEntity({
  name: 'office',
  table: 'demo_office',
  label: { zh: '办公室', en: 'Office' },
  tenant: false,
  audit: false,
  api: { base: '/api/demo/office' },
  fields: {
    tenantId: { type: 'string', label: { zh: '租户', en: 'Tenant' }, maxLength: 12, writable: 'never', search: 'equal' },
    officeName: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true, maxLength: 50 },
  },
});

/** A plain tenant entity with a size, filtered by `bigger=` (no field of it). */
const crate = defineEntity({
  name: 'crate',
  table: 'demo_crate',
  label: { zh: '箱子', en: 'Crate' },
  audit: false,
  api: { base: '/api/demo/crate' },
  sort: { field: 'size', order: 'asc' },
  fields: {
    label: { type: 'string', label: { zh: '标签', en: 'Label' }, required: true, search: 'like' },
    size: { type: 'integer', label: { zh: '大小', en: 'Size' }, required: true },
  },
});

const demo = defineServerPlugin(
  {
    id: 'demo',
    name: { zh: '演示', en: 'Demo' },
    resources: [defineResource({ entity: office, menu: { parent: 'system', sort: 1 } }), defineResource({ entity: crate, menu: { parent: 'system', sort: 2 } })],
  },
  {
    resources: {
      office: (ctx) => ({
        allTenants: true,
        access: { read: 'administrator', add: 'administrator', edit: 'administrator', delete: 'administrator' },
        // The row is made with its tenant id and a first crate in that tenant, the way a kernel function would.
        async create({ tx, values }) {
          const id = ctx.ids.next();
          const tenantId = `9${id.slice(-5)}`;
          await tx.query('insert into demo_office (id, tenant_id, office_name) values ($1, $2, $3)', [id, tenantId, values.officeName]);
          await tx.query(`insert into demo_crate (id, tenant_id, label, size) values ($1, $2, 'first', 1)`, [ctx.ids.next(), tenantId]);
          return id;
        },
      }),
      crate: {
        update: true,
        // A locked crate is refused before its body is judged: the caller learns nothing from the rules.
        hooks: {
          beforeValidate({ existing }) {
            if (existing?.label === 'locked') throw noPermission();
          },
        },
        params: {
          bigger: (value) => {
            if (!/^\d{1,6}$/.test(value)) throw bizError({ zh: '请求参数格式错误: bigger', en: 'Malformed parameter: bigger' });
            return (p) => `size > ${p.add(Number(value))}`;
          },
        },
      },
    },
  },
);

let ts: TestServer;
let admin: string; // the super administrator
let boss: string; // an administrator (alias `administrator`) of tenant 600002
let keeper: string; // tenant 000000, every code of both resources, no administrator

type Row = Record<string, unknown> & { id: string };
const rows = async (path: string, query: Record<string, string> = {}, token = admin): Promise<Row[]> => {
  const res = await ts.get(path, { token, query });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { records: Row[] }).records;
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  const { adminRoleId } = await ts.addTenant('600002');
  await ts.ctx.db.system((tx) => tx.query(`update blade_role set role_alias = 'administrator' where id = $1`, [adminRoleId]));
  await ts.addUser({ tenantId: '600002', account: 'boss', password: 'pw', roleId: adminRoleId });
  boss = (await ts.signIn('boss', 'pw', '600002')).access_token;
  const codes = ['office', 'office_add', 'office_edit', 'office_delete', 'crate', 'crate_add', 'crate_edit', 'crate_delete'];
  const keeperRole = await ts.addRole({ tenantId: '000000', alias: 'keeper', codes });
  await ts.addUser({ tenantId: '000000', account: 'keeper', password: 'pw', roleId: keeperRole });
  keeper = (await ts.signIn('keeper', 'pw')).access_token;
});
afterAll(() => ts.close());

describe('allTenants and create', () => {
  test('the super administrator adds through create and sees every tenant’s row; the row’s companions were made too', async () => {
    for (const officeName of ['北京', '上海']) expect((await ts.post('/api/demo/office/submit', { token: admin, json: { officeName, tenantId: '000000' } })).status).toBe(200);
    const offices = await rows('/api/demo/office/list');
    expect(offices.map((r) => r.officeName).sort()).toEqual(['上海', '北京']);
    const tenants = offices.map((r) => String(r.tenantId));
    expect(tenants.every((t) => /^9\d{5}$/.test(t))).toBe(true); // made by create, never the one sent
    const crates = await ts.ctx.db.system((tx) => tx.query<{ tenant_id: string }>('select tenant_id from demo_crate order by tenant_id'));
    expect(crates.map((c) => c.tenant_id)).toEqual([...tenants].sort());
    // Rows of other tenants are read, changed and removed as the database owner: row-level security does not hide them.
    const [beijing] = offices.filter((r) => r.officeName === '北京');
    expect((await ts.get('/api/demo/office/detail', { token: admin, query: { id: beijing!.id } })).body.data).toMatchObject({ officeName: '北京' });
    expect((await ts.post('/api/demo/office/submit', { token: admin, json: { id: beijing!.id, officeName: '北京分部' } })).status).toBe(200);
    expect((await rows('/api/demo/office/list', { tenantId_equal: String(beijing!.tenantId) })).map((r) => r.officeName)).toEqual(['北京分部']);
    expect((await ts.post('/api/demo/office/remove', { token: admin, query: { ids: beijing!.id } })).body.success).toBe(true);
    expect((await rows('/api/demo/office/list')).map((r) => r.officeName)).toEqual(['上海']);
  });

  test('anyone but the super administrator is refused, an administrator of another tenant and a holder of every code too', async () => {
    const [shanghai] = await rows('/api/demo/office/list');
    for (const token of [boss, keeper]) {
      const calls = [
        await ts.get('/api/demo/office/list', { token }),
        await ts.get('/api/demo/office/detail', { token, query: { id: shanghai!.id } }),
        await ts.post('/api/demo/office/submit', { token, json: { officeName: 'x' } }),
        await ts.post('/api/demo/office/submit', { token, body: '{bad', headers: { 'content-type': 'application/json' } }),
        await ts.post('/api/demo/office/remove', { token, query: { ids: shanghai!.id } }),
      ];
      expect(calls.map((r) => [r.status, r.body.msg])).toEqual(calls.map(() => [403, '没有权限执行此操作']));
    }
    expect((await rows('/api/demo/office/list')).map((r) => r.officeName)).toEqual(['上海']);
  });
});

describe('params and update', () => {
  test('a parameter of one’s own narrows the list with its condition; its refusal is the answer; an empty one adds none', async () => {
    for (const [label, size] of [['a', 1], ['b', 5], ['c', 9]] as const) expect((await ts.post('/api/demo/crate/submit', { token: keeper, json: { label, size } })).status).toBe(200);
    expect((await rows('/api/demo/crate/list', { bigger: '4' }, keeper)).map((r) => r.label)).toEqual(['b', 'c']);
    expect((await rows('/api/demo/crate/list', { bigger: '4', label: 'c' }, keeper)).map((r) => r.label)).toEqual(['c']);
    expect((await rows('/api/demo/crate/list', { bigger: ' ' }, keeper)).map((r) => r.label)).toEqual(['a', 'b', 'c']);
    const bad = await ts.get('/api/demo/crate/list', { token: keeper, query: { bigger: '1 or 1=1' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '请求参数格式错误: bigger']);
    expect((await ts.get('/api/demo/crate/list', { token: keeper, query: { smaller: '4' } })).body.msg).toBe('不支持的查询条件: smaller');
  });

  test('update edits a row by id (required), with the edit’s rules; submit still adds', async () => {
    const [b] = await rows('/api/demo/crate/list', { label: 'b' }, keeper);
    expect((await ts.post('/api/demo/crate/update', { token: keeper, json: { id: b!.id, size: 6 } })).status).toBe(200);
    expect((await rows('/api/demo/crate/list', { label: 'b' }, keeper))[0]).toMatchObject({ size: 6 });
    expect((await ts.post('/api/demo/crate/update', { token: keeper, json: { size: 6 } })).body.msg).toBe('缺少必要的请求参数: id');
    expect((await ts.post('/api/demo/crate/update', { token: keeper, json: { id: '123', size: 6 } })).body.msg).toBe('数据不存在');
    expect((await ts.post('/api/demo/crate/update', { token: keeper, json: { id: b!.id, label: '' } })).body.msg).toBe('请输入标签');
    expect((await ts.post('/api/demo/crate/save', { token: keeper, json: { label: 'd', size: 2 } })).status).toBe(404);
    expect((await ts.post('/api/demo/crate/update', { token: keeper, json: { id: b!.id, label: 'locked' } })).status).toBe(200);
    const refused = await ts.post('/api/demo/crate/update', { token: keeper, json: { id: b!.id, size: 'big' } });
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect(ts.logged).toEqual([]);
  });
});
