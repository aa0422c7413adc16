import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { strFromU8, unzipSync } from 'fflate';
import type { TableShape, TableSummary } from '../../core/sdk/server';
import { createTestServer, type CallResult, type TestServer } from '../../core/sdk/server-testing';
import datasourceServer from '../datasource/server';
import dictServer from '../dict/server';
import codeServer from './server';
import { DEMO_CUSTOMERS, DEMO_TABLE_SHAPE } from './server/demo-table';
import { filesOfRecord, findRecord, recordForTable } from './server/generation';
import type { GenField, GenFile } from './spec';

/**
 * The code generator's server: its records (super administrator only), the demo table and record the seed
 * makes, the proposal for a table, preview, the zip, copy, and every refusal (a 400 in the caller's
 * language, nothing changed).
 */

let ts: TestServer;
let admin: string; // the super administrator (000000)
let demoAdmin: string; // the demo tenant's own admin (role alias `admin`)
let demo: string; // demo/demo of 000000, role `user`

const BASE = '/api/blade-develop/code';
type Row = Record<string, unknown>;
const en = { 'Accept-Language': 'en' };

const list = async (query: Record<string, string> = {}) => {
  const res = await ts.get(`${BASE}/list`, { token: admin, query: { size: '100', ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { records: Row[]; total: number };
};
const crmRecord = async () => (await list({ pluginId: 'crm' })).records.find((r) => r.pluginId === 'crm')!;
const refusal = (res: CallResult) => {
  expect([res.status, res.body.success]).toEqual([400, false]);
  return String(res.body.msg);
};
/** What refused calls must leave as it was: every record, and the demo table's rows. */
const snapshot = () =>
  ts.ctx.db.system(async (tx) => ({
    records: await tx.query('select * from blade_code order by id'),
    customers: await tx.query('select * from crm_customer order by id'),
    users: (await tx.one<{ n: number }>('select count(*)::int as n from blade_user'))!.n,
  }));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, datasourceServer, codeServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('the code records', () => {
  test('the menu: 代码生成 under 系统工具 at /tool/code, for the super administrator only', async () => {
    type Menu = { code: string; name: string; path: string; children?: Menu[] };
    const tools = async (token: string) => ((await ts.get('/api/blade-system/menu/routes', { token })).body.data as Menu[]).find((m) => m.code === 'tools');
    const group = await tools(admin);
    expect(group?.name).toBe('系统工具');
    expect(group?.children?.filter((m) => m.code === 'code').map((m) => [m.name, m.path])).toEqual([['代码生成', '/tool/code']]);
    for (const token of [demoAdmin, demo]) expect((await tools(token))?.children?.some((m) => m.code === 'code') ?? false).toBe(false);
  });

  test('the seeded record: the demo customer table as plugin crm, a tree of customers, its fields proposed', async () => {
    const record = await crmRecord();
    expect(record).toMatchObject({
      codeName: '客户管理',
      codeNameEn: 'Customers',
      pluginId: 'crm',
      entityName: 'customer',
      serviceName: 'blade-crm',
      datasourceId: '0',
      tableName: 'crm_customer',
      menuParent: 'own',
      menuIcon: 'user-group',
      baseMode: 2,
      tenantMode: 2,
      treeMode: 2,
      treeParent: 'parentId',
      treeTitle: 'customerName',
      demoRows: 8,
    });
    const fields = JSON.parse(String(record.fields)) as GenField[];
    expect(fields.map((f) => f.column)).toEqual(DEMO_TABLE_SHAPE.columns.map((c) => c.name));
    expect(fields.find((f) => f.column === 'sex')).toMatchObject({ type: 'select', dict: 'sex' });
    const detail = await ts.get(`${BASE}/detail`, { token: admin, query: { id: String(record.id) } });
    expect(detail.body.data).toMatchObject({ pluginId: 'crm', fields: record.fields });
  });

  test('the demo table is as its declared shape says, with its eight customers (two of them branches)', async () => {
    const shape = await ts.ctx.extensions.datasources!.describe(ts.ctx, '0', 'crm_customer');
    expect(shape).toEqual(DEMO_TABLE_SHAPE);
    const rows = await ts.ctx.db.system((tx) => tx.query<{ id: string; parent_id: string }>('select id::text as id, parent_id::text as parent_id from crm_customer order by id'));
    expect(rows).toHaveLength(DEMO_CUSTOMERS.length);
    expect(rows.filter((r) => r.parent_id !== '0')).toHaveLength(2);
  });

  test('submit: the rules in zh and en; fields must be a field list; the plugin id is unique', async () => {
    const record = await crmRecord();
    const valid = { codeName: '订单', codeNameEn: 'Orders', pluginId: 'orders', serviceName: 'blade-orders', datasourceId: '0', tableName: 'crm_customer', entityName: 'order', menuParent: 'own', baseMode: 2, tenantMode: 2, treeMode: 1 };
    const before = await snapshot();
    const say = async (json: unknown, headers?: Record<string, string>) => refusal(await ts.post(`${BASE}/submit`, { token: admin, json, headers }));
    expect(await say({ ...valid, codeName: '' })).toBe('请输入模块名');
    expect(await say({ ...valid, codeName: '' }, en)).toBe('Please enter the module name');
    expect(await say({ ...valid, pluginId: 'Orders!' })).toBe('插件编号须以小写字母开头，只含小写字母、数字和短横线（2–31 个字符）');
    expect(await say({ ...valid, pluginId: 'Orders!' }, en)).toBe('The plugin id starts with a lower-case letter and holds lower-case letters, digits and dashes (2–31 characters)');
    expect(await say({ ...valid, tableName: 'x; drop table blade_user' })).toBe('表名只含小写字母、数字和下划线');
    expect(await say({ ...valid, pluginId: 'crm' })).toBe('插件编号已被其他记录使用');
    expect(await say({ ...valid, pluginId: 'crm' }, en)).toBe('Another record already uses this plugin id');
    expect(await say({ ...valid, codeName: 'x'.repeat(65) })).toBe('codeName: 长度不能超过64个字符');
    expect(await say({ ...valid, fields: '{"column":"id"}' })).toBe('字段配置不是有效的字段列表');
    expect(await say({ ...valid, fields: 'not json' }, en)).toBe('The fields are not a valid field list');
    const fields = JSON.parse(String(record.fields)) as GenField[];
    expect(await say({ ...valid, fields: JSON.stringify([{ ...fields[1], column: 'x; drop table blade_user' }]) })).toBe('字段配置第 1 项的 column 不正确');
    expect(await say({ ...valid, fields: JSON.stringify([fields[1], { ...fields[2], type: 'blob' }]) }, en)).toBe('Field 2 of the list: its type is not valid');
    expect(await say({ ...valid, fields: JSON.stringify([fields[1], fields[1]]) })).toBe('字段配置中列 customer_name 出现了多次');
    expect(await snapshot()).toEqual(before);

    const added = await ts.post(`${BASE}/submit`, { token: admin, json: { ...valid, fields: JSON.stringify(fields) } });
    expect(added.body.success).toBe(true);
    const [row] = (await list({ pluginId: 'orders' })).records;
    expect(row).toMatchObject({ codeName: '订单', menuIcon: 'apps', menuSort: 10, demoRows: 5 });
    expect((await ts.post(`${BASE}/submit`, { token: admin, json: { id: row!.id, codeName: '订单管理' } })).body.success).toBe(true);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: String(row!.id) } })).body.success).toBe(true);
    expect((await list({ pluginId: 'orders' })).total).toBe(0);
  });
});

describe('datasources, tables and the proposal', () => {
  test('datasources: the embedded database first; tables: the demo table is material, the platform\'s are marked', async () => {
    const choices = (await ts.get(`${BASE}/datasources`, { token: admin })).body.data as { id: string; name: string; kind: string; readable: boolean }[];
    expect(choices[0]).toMatchObject({ id: '0', kind: 'embedded', readable: true });
    expect(choices.some((c) => c.kind === 'postgresql')).toBe(true);
    const tables = (await ts.get(`${BASE}/tables`, { token: admin, query: { datasourceId: '0' } })).body.data as TableSummary[];
    expect(tables.find((t) => t.name === 'crm_customer')).toMatchObject({ comment: '客户（代码生成演示表）', platform: false });
    expect(tables.find((t) => t.name === 'blade_user')?.platform).toBe(true);
    expect(tables.find((t) => t.name === 'blade_code')?.platform).toBe(true);
  });

  test('propose on the demo table: types, labels, the dictionary, money, the unique name and the tree', async () => {
    const res = await ts.get(`${BASE}/propose`, { token: admin, query: { datasourceId: '0', tableName: 'crm_customer', tablePrefix: 'crm_' } });
    expect(res.status).toBe(200);
    const { table, record, fields } = res.body.data as { table: TableShape; record: Row; fields: GenField[] };
    expect(table).toEqual(DEMO_TABLE_SHAPE);
    expect(record).toMatchObject({ tablePrefix: 'crm_', pkName: 'id', treeMode: 2, treeParent: 'parentId', treeTitle: 'customerName' });
    const by = Object.fromEntries(fields.map((f) => [f.column, f]));
    expect(by.id!.include).toBe(false);
    expect(by.customer_name).toMatchObject({ include: true, name: 'customerName', type: 'string', label: { zh: '客户名称', en: 'Customer name' }, required: true, maxLength: 64, unique: true, search: 'like' });
    expect(by.sex).toMatchObject({ type: 'select', dict: 'sex', label: { zh: '性别' } });
    expect(by.credit_limit).toMatchObject({ type: 'money', label: { zh: '信用额度' } });
    expect(by.discount!.type).toBe('number');
    expect(by.signed_on!.type).toBe('date');
    expect(by.last_visit!.type).toBe('datetime');
    expect(by.vip!.type).toBe('switch');
    expect(by.parent_id).toMatchObject({ type: 'id', name: 'parentId' });
    expect(by.remark).toMatchObject({ type: 'text', list: false });
  });

  test('refusals: a hostile or unknown table, a platform table, a bad datasource id, in zh and en; nothing changed', async () => {
    const before = await snapshot();
    const say = async (query: Record<string, string>, headers?: Record<string, string>) => refusal(await ts.get(`${BASE}/propose`, { token: admin, query, headers }));
    expect(await say({ datasourceId: '0', tableName: 'x; drop table blade_user' })).toBe('表名只含小写字母、数字和下划线');
    expect(await say({ datasourceId: '0', tableName: 'crm_customer"; drop table crm_customer; --' }, en)).toBe('The table name holds lower-case letters, digits and underscores');
    expect(await say({ datasourceId: '0', tableName: 'blade_user' })).toBe('数据表 blade_user 由平台自身使用，不能生成插件');
    expect(await say({ datasourceId: '0', tableName: 'blade_code' }, en)).toBe('The table blade_code is kept by the platform itself: no plugin can be generated from it');
    expect(await say({ datasourceId: '0', tableName: 'no_such_table' })).toBe('数据表不存在');
    expect(await say({ datasourceId: '0' })).toBe('缺少必要的请求参数: tableName');
    expect(await say({ datasourceId: '0 or 1=1', tableName: 'crm_customer' })).toBe('数据源主键格式不正确');
    expect(await say({ datasourceId: '0', tableName: 'crm_customer', tablePrefix: "crm'" })).toBe('表前缀只含小写字母、数字和下划线');
    expect(refusal(await ts.get(`${BASE}/tables`, { token: admin, query: { datasourceId: 'abc' } }))).toBe('数据源主键格式不正确');
    expect(await snapshot()).toEqual(before);
  });
});

describe('preview and the zip', () => {
  /** gen-code's answer as bytes (the test server's `call` reads answers as text), and as JSON when it is a refusal. */
  const zipOf = async (ids: string, headers: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ids, system: 'blade' });
    const res = await ts.app.request(`${BASE}/gen-code?${query}`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}`, ...headers } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.includes('json') ? (JSON.parse(strFromU8(bytes)) as unknown) : undefined;
    return { status: res.status, headers: res.headers, bytes, body: json } as CallResult & { bytes: Uint8Array };
  };
  const bytesOf = (res: { bytes: Uint8Array }) => res.bytes;

  test('preview: the files of plugins/crm/, sources and tests', async () => {
    const id = String((await crmRecord()).id);
    const res = await ts.get(`${BASE}/preview`, { token: admin, query: { id } });
    expect(res.status).toBe(200);
    const paths = (res.body.data as GenFile[]).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['plugins/crm/index.ts', 'plugins/crm/server.ts', 'plugins/crm/demo-rows.ts', 'plugins/crm/crm.server.test.ts', 'plugins/crm/crm.test.tsx']));
    expect(paths.every((p) => p.startsWith('plugins/crm/'))).toBe(true);
    const index = (res.body.data as GenFile[]).find((f) => f.path === 'plugins/crm/index.ts')!.content;
    expect(index).toContain("table: 'crm_customer'");
    expect(index).toContain('客户名称');
  });

  test('gen-code: a zip of the same files, named after the plugin, equal bytes for equal input', async () => {
    const id = String((await crmRecord()).id);
    const preview = (await ts.get(`${BASE}/preview`, { token: admin, query: { id } })).body.data as GenFile[];
    const res = await zipOf(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="crm.zip"');
    const bytes = bytesOf(res);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual(preview.map((f) => f.path).sort());
    for (const file of preview) expect(strFromU8(entries[file.path]!)).toBe(file.content);
    expect(bytesOf(await zipOf(id))).toEqual(bytes);
  });

  test('several records: plugins.zip with each plugin folder; the records of a refusal are named, and nothing is answered but it', async () => {
    const crm = String((await crmRecord()).id);
    const copied = (await ts.post(`${BASE}/copy`, { token: admin, query: { id: crm } })).body.data as string;
    const both = await zipOf(`${crm},${copied}`);
    expect(both.headers.get('content-disposition')).toBe('attachment; filename="plugins.zip"');
    const folders = new Set(Object.keys(unzipSync(bytesOf(both))).map((p) => p.split('/').slice(0, 2).join('/')));
    expect([...folders].sort()).toEqual(['plugins/crm', 'plugins/crm-copy']);

    // The copy made unusable: its fields name a column the table does not have.
    const fields = JSON.parse(String((await crmRecord()).fields)) as GenField[];
    await ts.post(`${BASE}/submit`, { token: admin, json: { id: copied, fields: JSON.stringify([...fields, { ...fields[2]!, column: 'gone', name: 'gone' }]) } });
    const refused = await zipOf(`${crm},${copied}`);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(refusal(refused)).toMatch(/^代码生成「客户管理-copy \(crm-copy\)」：.*gone/);
    expect(refusal(await ts.get(`${BASE}/preview`, { token: admin, query: { id: copied } }))).toContain('gone');
    await ts.post(`${BASE}/remove`, { token: admin, query: { ids: copied } });
  });

  test('a record of a platform table, of a table gone, or unknown: 400, never a zip', async () => {
    const valid = { codeName: '用户', codeNameEn: 'Users', pluginId: 'users2', serviceName: 'blade-users', datasourceId: '0', tableName: 'blade_user', entityName: 'user', menuParent: 'own', baseMode: 2, tenantMode: 2, treeMode: 1 };
    expect((await ts.post(`${BASE}/submit`, { token: admin, json: valid })).body.success).toBe(true);
    const platform = String((await list({ pluginId: 'users2' })).records[0]!.id);
    expect(refusal(await ts.get(`${BASE}/preview`, { token: admin, query: { id: platform } }))).toBe('数据表 blade_user 由平台自身使用，不能生成插件');
    expect(refusal(await zipOf(platform, en))).toBe('The table blade_user is kept by the platform itself: no plugin can be generated from it');
    await ts.post(`${BASE}/submit`, { token: admin, json: { id: platform, tableName: 'gone_table' } });
    expect(refusal(await zipOf(platform))).toBe('数据表不存在');
    await ts.post(`${BASE}/remove`, { token: admin, query: { ids: platform } });
    expect(refusal(await zipOf(platform))).toBe('数据不存在');
    expect(refusal(await zipOf('1 or 1=1'))).toBe('记录主键格式不正确');
    expect(refusal(await zipOf(''))).toBe('缺少必要的请求参数: ids');
    expect(refusal(await ts.get(`${BASE}/preview`, { token: admin, query: { id: '99999999' } }))).toBe('数据不存在');
  });
});

describe('copy', () => {
  test('a new record: <name>-copy, a free plugin id, the same fields; an unknown or malformed id is refused', async () => {
    const crm = await crmRecord();
    const res = await ts.post(`${BASE}/copy`, { token: admin, query: { id: String(crm.id) } });
    expect([res.status, res.body.success]).toEqual([200, true]);
    const copy = (await ts.get(`${BASE}/detail`, { token: admin, query: { id: String(res.body.data) } })).body.data as Row;
    expect(copy).toMatchObject({ codeName: '客户管理-copy', pluginId: 'crm-copy', tableName: 'crm_customer', fields: crm.fields, treeMode: 2 });
    // A copy of the copy: its own stem, and the name grows one -copy more.
    const again = await ts.post(`${BASE}/copy`, { token: admin, query: { id: String(copy.id) } });
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: String(again.body.data) } })).body.data).toMatchObject({ codeName: '客户管理-copy-copy', pluginId: 'crm-copy-copy' });
    await ts.post(`${BASE}/remove`, { token: admin, query: { ids: `${String(copy.id)},${String(again.body.data)}` } });
    // A plugin id at its longest: the copies' ids are cut to fit, and still differ.
    const long = 'customer-relationship-managemen';
    expect((await ts.post(`${BASE}/submit`, { token: admin, json: { ...crm, id: undefined, pluginId: long } })).body.success).toBe(true);
    const longId = String((await list({ pluginId: long })).records[0]!.id);
    const longCopies: string[] = [];
    for (let i = 0; i < 2; i++) longCopies.push(String((await ts.post(`${BASE}/copy`, { token: admin, query: { id: longId } })).body.data));
    const copied = await Promise.all(longCopies.map(async (id) => ((await ts.get(`${BASE}/detail`, { token: admin, query: { id } })).body.data as Row).pluginId));
    expect(copied).toEqual(['customer-relationship-mana-copy', 'customer-relationship-ma-copy-2']);
    await ts.post(`${BASE}/remove`, { token: admin, query: { ids: [longId, ...longCopies].join(',') } });
    expect(refusal(await ts.post(`${BASE}/copy`, { token: admin, query: { id: '99999999' } }))).toBe('数据不存在');
    expect(refusal(await ts.post(`${BASE}/copy`, { token: admin, query: { id: 'abc' } }))).toBe('记录主键格式不正确');
  });
});

describe('what npm run gen calls', () => {
  test('findRecord by id or plugin id; filesOfRecord gives what preview shows; recordForTable finds the record or makes one from the proposal', async () => {
    const crm = await crmRecord();
    expect((await findRecord(ts.ctx, String(crm.id)))?.pluginId).toBe('crm');
    expect((await findRecord(ts.ctx, 'crm'))?.id).toBe(crm.id);
    expect(await findRecord(ts.ctx, 'nothing-like-it')).toBeNull();
    const preview = (await ts.get(`${BASE}/preview`, { token: admin, query: { id: String(crm.id) } })).body.data as GenFile[];
    expect(await filesOfRecord(ts.ctx, String(crm.id))).toEqual(preview);
    await expect(filesOfRecord(ts.ctx, '99999999')).rejects.toMatchObject({ status: 400, text: { zh: '数据不存在' } });

    expect(await recordForTable(ts.ctx, '0', 'crm_customer')).toBe(crm.id);
    await ts.ctx.db.system((tx) => tx.exec(`create table crm_visit (id int8 primary key, customer_id int8 not null, visited_on date not null, note varchar(200)); comment on column crm_visit.note is '拜访记录'`));
    const made = await recordForTable(ts.ctx, '0', 'crm_visit', 'crm_');
    expect(await findRecord(ts.ctx, made)).toMatchObject({ tableName: 'crm_visit', datasourceId: '0', tablePrefix: 'crm_', demoRows: 5 });
    expect(await recordForTable(ts.ctx, '0', 'crm_visit')).toBe(made);
    const files = await filesOfRecord(ts.ctx, made);
    expect(files.find((f) => f.path.endsWith('/index.ts'))?.content).toContain('拜访记录');
    await expect(recordForTable(ts.ctx, '0', 'blade_user')).rejects.toMatchObject({ status: 400, text: { zh: '数据表 blade_user 由平台自身使用，不能生成插件' } });
    await ts.post(`${BASE}/remove`, { token: admin, query: { ids: made } });
  });
});

describe('who may call', () => {
  test('a tenant admin and the demo user get 403 on every call, before their input is read; nothing changes', async () => {
    const before = await snapshot();
    const id = String((await crmRecord()).id);
    const calls: [string, string, Record<string, string>, unknown?][] = [
      ['GET', 'list', {}],
      ['GET', 'detail', { id }],
      ['POST', 'submit', {}, { id, codeName: 'x' }],
      ['POST', 'remove', { ids: id }],
      ['GET', 'datasources', {}],
      ['GET', 'tables', { datasourceId: '0' }],
      ['GET', 'propose', { datasourceId: '0', tableName: 'crm_customer' }],
      ['GET', 'propose', { tableName: 'x; drop table blade_user' }],
      ['POST', 'copy', { id }],
      ['GET', 'preview', { id }],
      ['POST', 'gen-code', { ids: id }],
      ['POST', 'gen-code', { ids: 'bad' }],
    ];
    for (const token of [demoAdmin, demo]) {
      for (const [method, path, query, json] of calls) {
        const res = await ts.call(method, `${BASE}/${path}`, { token, query, json });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
    }
    expect((await ts.get(`${BASE}/datasources`)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
