import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { crudButtons } from '../../schema/crud-buttons';
import { defineEntity } from '../../schema/entity';
import { defineServerPlugin } from '../plugin';
import { SEED } from '../seed/kernel-seed';
import { createTestServer, type TestServer } from '../test-server';
import { entityTableParts, indexName, mountCrud } from './index';

/** An entity with one field of every kind, defined here: the engine knows nothing else about it. */
const thing = defineEntity({
  name: 'thing',
  table: 'demo_thing',
  label: { zh: '物品', en: 'Thing' },
  permission: 'thing',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/demo/thing', list: 'page', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['code'], message: { zh: '编号已存在', en: 'Code taken' } }],
  fields: {
    code: {
      type: 'string',
      label: { zh: '编号', en: 'Code' },
      required: { zh: '请输入编号', en: 'Code?' },
      maxLength: 32,
      pattern: { source: '^[a-z0-9_]+$', message: { zh: '编号只能包含小写字母、数字和下划线', en: 'a-z0-9_' } },
      search: 'like',
      filters: ['equal', 'notequal', 'notlike', 'likeleft', 'likeright'],
      sortable: true,
      writable: 'create',
    },
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: { zh: '请输入标题', en: 'Title?' }, maxLength: 100, search: 'like', filters: ['null', 'notnull'], sortable: true },
    body: { type: 'text', label: { zh: '内容', en: 'Body' }, maxLength: 5000 },
    amount: { type: 'integer', label: { zh: '数量', en: 'Amount' }, min: 0, max: 1000, search: 'equal', filters: ['notequal', 'ge', 'le', 'gt', 'lt'], sortable: true },
    price: { type: 'number', label: { zh: '价格', en: 'Price' }, min: 0, filters: ['ge', 'le'] },
    enabled: { type: 'switch', label: { zh: '启用', en: 'On' }, default: 1, filters: ['equal'] },
    level: { type: 'select', label: { zh: '级别', en: 'Level' }, options: [{ value: 1, label: { zh: '一', en: '1' } }, { value: 2, label: { zh: '二', en: '2' } }], filters: ['equal'] },
    color: { type: 'select', label: { zh: '颜色', en: 'Colour' }, dict: { code: 'color' }, filters: ['equal'] },
    dueDate: { type: 'date', label: { zh: '到期', en: 'Due' }, search: 'range' },
    remindAt: { type: 'datetime', label: { zh: '提醒', en: 'Remind' }, filters: ['datege', 'datelt', 'dateequal'] },
    ownerId: { type: 'id', label: { zh: '负责人', en: 'Owner' }, filters: ['equal'] },
    secret: { type: 'string', label: { zh: '内部', en: 'Internal' }, writable: 'never', form: false },
  },
});

/** A global table: no tenant, no audit, real delete, `save` + `update`, ids in the body. */
const tag = defineEntity({
  name: 'tag',
  table: 'demo_tag',
  label: { zh: '标签', en: 'Tag' },
  permission: 'tag',
  tenant: false,
  audit: false,
  logicalDelete: false,
  api: { base: '/api/demo/tag', list: 'list', save: 'save-update', removeIds: 'body' },
  sort: { field: 'name', order: 'asc' },
  fields: { name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: { zh: '请输入名称', en: 'Name?' }, search: 'like', sortable: true } },
});

const demo = defineServerPlugin({
  manifest: {
    id: 'demo',
    name: { zh: '演示', en: 'Demo' },
    menus: [
      { code: 'thing', parent: 'system', name: { zh: '物品', en: 'Things' }, path: '/demo/thing', sort: 1, buttons: crudButtons('thing') },
      { code: 'tag', parent: 'system', name: { zh: '标签', en: 'Tags' }, path: '/demo/tag', sort: 2, buttons: crudButtons('tag') },
    ],
  },
  entities: [thing, tag],
  routes(api, ctx) {
    mountCrud(api, ctx, thing);
    mountCrud(api, ctx, tag);
  },
});

let ts: TestServer;
let admin: string;
let viewer: string; // holds `thing` only
let editor: string; // holds thing_add and thing_edit
let other: string; // administrator of another tenant

const records = async (query: Record<string, string | number | undefined>, token = admin) => {
  const res = await ts.get('/api/demo/thing/page', { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.records as Record<string, any>[];
};
const codesOf = async (query: Record<string, string | number | undefined>) => (await records(query)).map((r) => r.code).sort();
const submit = (json: unknown, token = admin) => ts.post('/api/demo/thing/submit', { token, json });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  const viewerRole = await ts.addRole({ tenantId: '000000', alias: 'viewer', codes: ['thing'] });
  await ts.addUser({ tenantId: '000000', account: 'viewer', password: 'pw', roleId: viewerRole });
  viewer = (await ts.signIn('viewer', 'pw')).access_token;
  const editorRole = await ts.addRole({ tenantId: '000000', alias: 'editor', codes: ['thing_add', 'thing_edit'] });
  await ts.addUser({ tenantId: '000000', account: 'editor', password: 'pw', roleId: editorRole });
  editor = (await ts.signIn('editor', 'pw')).access_token;
  const { adminRoleId } = await ts.addTenant('600001');
  await ts.addUser({ tenantId: '600001', account: 'boss', password: 'pw', roleId: adminRoleId });
  other = (await ts.signIn('boss', 'pw', '600001')).access_token;

  // Fixtures, created ten minutes apart.
  const rows = [
    { code: 'apple', title: '苹果', amount: 10, price: '1.50', level: 1, color: 'red', dueDate: '2024-01-10', remindAt: '2024-01-10 09:00:00', ownerId: '1123598821738675201' },
    { code: 'banana', title: '香蕉', amount: 20, price: 2, level: 2, color: 'yellow', dueDate: '2024-02-10', remindAt: '2024-02-10 18:30:00', enabled: 0 },
    { code: 'cherry', title: '樱桃', amount: 30, price: '30.25', level: 1, color: 'red', dueDate: '2024-03-10', body: 'x' },
    { code: 'apple_pie', title: 'Apple Pie', amount: 0, dueDate: '2024-04-10' },
  ];
  for (const row of rows) {
    const res = await submit(row);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    ts.advance(600_000); // ten minutes apart (tokens live an hour)
  }
});
afterAll(() => ts.close());

describe('the table', () => {
  test('DDL from the definition: columns by type, tenant, audit, is_deleted, list and unique indexes', async () => {
    const columns = await ts.ctx.db.system((tx) =>
      tx.query<{ column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string }>(
        `select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns where table_name = 'demo_thing' order by ordinal_position`,
      ),
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.character_maximum_length])).toEqual([
      ['id', 'bigint', null],
      ['tenant_id', 'character varying', 12],
      ['code', 'character varying', 32],
      ['title', 'character varying', 100],
      ['body', 'character varying', 5000],
      ['amount', 'integer', null],
      ['price', 'numeric', null],
      ['enabled', 'smallint', null],
      ['level', 'integer', null],
      ['color', 'character varying', 255],
      ['due_date', 'timestamp without time zone', null],
      ['remind_at', 'timestamp without time zone', null],
      ['owner_id', 'bigint', null],
      ['secret', 'character varying', 255],
      ['create_user', 'bigint', null],
      ['create_dept', 'bigint', null],
      ['create_time', 'timestamp with time zone', null],
      ['update_user', 'bigint', null],
      ['update_time', 'timestamp with time zone', null],
      ['status', 'integer', null],
      ['is_deleted', 'integer', null],
    ]);
    expect(columns.find((c) => c.column_name === 'tenant_id')!.is_nullable).toBe('NO');
    const indexes = async (table: string) =>
      (await ts.ctx.db.system((tx) => tx.query<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = $1 order by indexname`, [table]))).map((r) => r.indexdef);
    const [thingList, thingUnique] = entityTableParts(thing).indexes;
    expect(thingList!.definition).toBe('(tenant_id, create_time desc, id desc) where is_deleted = 0');
    expect(thingUnique!.definition).toBe('(tenant_id, code) where is_deleted = 0');
    expect(entityTableParts(tag).indexes[0]!.definition).toBe('(name asc nulls first, id desc)');
    expect(await indexes('demo_thing')).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`INDEX ${indexName('demo_thing', thingList!)} ON public.demo_thing USING btree (tenant_id, create_time DESC, id DESC) WHERE (is_deleted = 0)`),
        expect.stringContaining(`UNIQUE INDEX ${indexName('demo_thing', thingUnique!)} ON public.demo_thing USING btree (tenant_id, code) WHERE (is_deleted = 0)`),
      ]),
    );
    const rls = await ts.ctx.db.system((tx) => tx.one<{ relrowsecurity: boolean }>(`select relrowsecurity from pg_class where relname = 'demo_thing'`));
    expect(rls!.relrowsecurity).toBe(true);
  });

  test('a definition that would make bad SQL is refused', () => {
    expect(() => entityTableParts({ ...tag, table: 'demo tag; drop' })).toThrow('table name "demo tag; drop" is not a plain identifier');
    expect(() => entityTableParts({ ...tag, fields: { id: { type: 'string', label: { zh: 'x', en: 'x' } } } })).toThrow('reserved column "id"');
    expect(() => entityTableParts({ ...tag, sort: { field: 'nope', order: 'asc' } })).toThrow('sort field "nope" is not a field');
  });
});

describe('body validation (400 with the rule’s message)', () => {
  const message = async (json: unknown) => {
    const res = await submit(json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    return res.body.msg as string;
  };

  test('required, in definition order, blank counts as missing', async () => {
    expect(await message({})).toBe('请输入编号');
    expect(await message({ code: 'ok' })).toBe('请输入标题');
    expect(await message({ code: '   ', title: 'x' })).toBe('请输入编号');
    expect(await message({ code: null, title: 'x' })).toBe('请输入编号');
  });

  test('length, pattern, bounds and types', async () => {
    expect(await message({ code: 'a'.repeat(33), title: 'x' })).toBe('code: 长度不能超过32个字符');
    expect(await message({ code: 'Bad Code', title: 'x' })).toBe('编号只能包含小写字母、数字和下划线');
    expect(await message({ code: 'ok', title: 'x', amount: -1 })).toBe('amount: 不能小于0');
    expect(await message({ code: 'ok', title: 'x', amount: 1001 })).toBe('amount: 不能大于1000');
    expect(await message({ code: 'ok', title: 'x', amount: 1.5 })).toBe('请求参数格式错误: amount');
    expect(await message({ code: 'ok', title: 'x', amount: 'ten' })).toBe('请求参数格式错误: amount');
    expect(await message({ code: 'ok', title: 'x', price: '1e3' })).toBe('请求参数格式错误: price');
    expect(await message({ code: 'ok', title: 'x', price: -2 })).toBe('price: 不能小于0');
    expect(await message({ code: 'ok', title: 'x', enabled: 2 })).toBe('请求参数格式错误: enabled');
    expect(await message({ code: 'ok', title: 'x', level: 3 })).toBe('请求参数格式错误: level');
    expect(await message({ code: 'ok', title: 'x', dueDate: '2024-13-01' })).toBe('请求参数格式错误: dueDate');
    expect(await message({ code: 'ok', title: 'x', remindAt: '2024-01-01T00:00:00Z' })).toBe('请求参数格式错误: remindAt');
    expect(await message({ code: 'ok', title: 'x', ownerId: 'abc' })).toBe('请求参数格式错误: ownerId');
    expect(await message({ code: 'ok', title: { $ne: 1 } })).toBe('请求参数格式错误: title');
    expect(await message({ id: 'x; drop', code: 'ok', title: 'x' })).toBe('请求参数格式错误: id');
    expect(await message([1, 2])).toBe('请求参数格式错误: body');
  });

  test('huge strings: over maxLength 400, over the 1 MB body cap 400, nothing stored', async () => {
    expect(await message({ code: 'huge', title: 'x', body: 'y'.repeat(5001) })).toBe('body: 长度不能超过5000个字符');
    const big = await ts.post('/api/demo/thing/submit', { token: admin, json: { code: 'huge', title: 'x', body: 'y'.repeat(2_000_000) } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('请求内容过大');
    expect(await codesOf({ code: 'huge' })).toEqual([]);
  });

  test('unknown keys are ignored, form:false fields and server columns cannot be written', async () => {
    const res = await submit({ code: 'extra', title: 'x', secret: 's', tenantId: '600001', isDeleted: 1, createUser: '1', status: 0, hacker: true });
    expect(res.body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
    const [row] = await records({ code_equal: 'extra' });
    expect(row).toMatchObject({ tenantId: '000000', secret: '', isDeleted: 0, createUser: SEED.adminUserId, status: 1 });
    expect(row).not.toHaveProperty('hacker');
  });

  test('the unique rule answers with its message, on insert and on update', async () => {
    expect(await message({ code: 'apple', title: 'again' })).toBe('编号已存在');
  });
});

describe('JSON out', () => {
  test('camelCase, ids as strings, numbers typed, decimals as strings, dates formatted, null strings as ""', async () => {
    const [apple] = await records({ code_equal: 'apple' });
    expect(apple).toMatchObject({
      tenantId: '000000',
      code: 'apple',
      title: '苹果',
      body: '',
      amount: 10,
      price: '1.50',
      enabled: 1,
      level: 1,
      color: 'red',
      dueDate: '2024-01-10',
      remindAt: '2024-01-10 09:00:00',
      ownerId: '1123598821738675201',
      secret: '',
      status: 1,
      isDeleted: 0,
    });
    expect(apple.id).toMatch(/^\d{19}$/);
    expect(apple.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [pie] = await records({ code_equal: 'apple_pie' });
    expect(pie).toMatchObject({ price: '', ownerId: '', remindAt: '', level: -1, color: '' });
    expect(Object.keys(apple)).toEqual([
      'id', 'tenantId', 'code', 'title', 'body', 'amount', 'price', 'enabled', 'level', 'color', 'dueDate', 'remindAt', 'ownerId', 'secret',
      'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status', 'isDeleted',
    ]);
  });

  test('SQL and HTML in a value are stored as text and returned unchanged, also through a LIKE filter', async () => {
    const nasty = `'); drop table demo_thing; -- <script>alert("x")</script> 100% _ \\`;
    expect((await submit({ code: 'nasty', title: nasty, body: '<img src=x onerror=alert(1)>' })).status).toBe(200);
    const [row] = await records({ title: '100% _ \\' });
    expect(row).toMatchObject({ code: 'nasty', title: nasty, body: '<img src=x onerror=alert(1)>' });
    expect(await codesOf({ title: '%' })).toEqual(['nasty']); // % is a character, not a wildcard
    expect(await codesOf({ title: "' or '1'='1" })).toEqual([]);
    expect((await ts.get('/api/demo/thing/detail', { token: admin, query: { id: row.id } })).body.data.title).toBe(nasty);
  });
});

describe('filters', () => {
  test('text operators', async () => {
    expect(await codesOf({ code: 'APP' })).toEqual(['apple', 'apple_pie']); // like, case-insensitive
    expect(await codesOf({ code_equal: 'apple' })).toEqual(['apple']);
    expect(await codesOf({ code_likeright: 'ban' })).toEqual(['banana']);
    expect(await codesOf({ code_likeleft: 'pie' })).toEqual(['apple_pie']);
    expect(await codesOf({ code_notlike: 'a', code_notequal: 'x' })).toEqual(['cherry']);
    expect((await codesOf({ code_notequal: 'apple' })).includes('apple')).toBe(false);
    expect(await codesOf({ title: 'apple pie' })).toEqual(['apple_pie']);
  });

  test('numbers, ids, switches and selects', async () => {
    expect(await codesOf({ amount_equal: 20 })).toEqual(['banana']);
    expect(await codesOf({ amount_ge: 20 })).toEqual(['banana', 'cherry']);
    expect(await codesOf({ amount_gt: 20 })).toEqual(['cherry']);
    expect(await codesOf({ amount_le: 10, code_likeright: 'a' })).toEqual(['apple', 'apple_pie']);
    expect(await codesOf({ amount_lt: 10, code_likeright: 'a' })).toEqual(['apple_pie']);
    expect(await codesOf({ amount_notequal: 10, code_likeright: 'a' })).toEqual(['apple_pie']);
    expect(await codesOf({ price_ge: '2', price_le: '30.25' })).toEqual(['banana', 'cherry']);
    expect(await codesOf({ ownerId_equal: '1123598821738675201' })).toEqual(['apple']);
    expect(await codesOf({ enabled_equal: 0 })).toEqual(['banana']);
    expect(await codesOf({ level_equal: 1 })).toEqual(['apple', 'cherry']);
    expect(await codesOf({ color_equal: 'red' })).toEqual(['apple', 'cherry']);
  });

  test('null and not null', async () => {
    const withBody = await codesOf({ title_notnull: '1', code_likeright: 'c' });
    expect(withBody).toEqual(['cherry']);
    expect(await codesOf({ title_null: '1' })).toEqual([]);
  });

  test('dates: a field range, datetime operators, and the create-time range', async () => {
    expect(await codesOf({ dueDate_datege: '2024-02-10', dueDate_datelt: '2024-04-10' })).toEqual(['banana', 'cherry']);
    expect(await codesOf({ dueDate_dategt: '2024-02-10', dueDate_datele: '2024-04-10' })).toEqual(['apple_pie', 'cherry']);
    expect(await codesOf({ dueDate_dateequal: '2024-03-10' })).toEqual(['cherry']);
    expect(await codesOf({ remindAt_datege: '2024-01-10 09:00:00', remindAt_datelt: '2024-02-10 18:30:00' })).toEqual(['apple']);
    expect(await codesOf({ remindAt_dateequal: '2024-02-10' })).toEqual(['banana']);
    expect(await codesOf({ remindAt_dateequal: '2024-02-10 18:30:00' })).toEqual(['banana']);
    const [apple] = await records({ code_equal: 'apple' });
    const [banana] = await records({ code_equal: 'banana' });
    // Created ten minutes apart on the server clock: the range is in the server wall-clock time.
    expect(await codesOf({ createTime_dategt: apple.createTime, createTime_datelt: banana.createTime })).toEqual([]);
    expect(await codesOf({ createTime_datege: apple.createTime, createTime_datele: banana.createTime })).toEqual(['apple', 'banana']);
    expect(await codesOf({ createTime_dategt: apple.createTime, createTime_datele: banana.createTime })).toEqual(['banana']);
    expect((await codesOf({ createTime_dateequal: apple.createTime.slice(0, 10) })).includes('apple')).toBe(true);
  });

  test('an unknown key, an operator the field does not allow, or a malformed value: 400, never SQL', async () => {
    for (const [key, value, msg] of [
      ['nope', '1', '不支持的查询条件: nope'],
      ['body_like', 'x', '不支持的查询条件: body_like'],
      ['amount_like', '1', '不支持的查询条件: amount_like'],
      ['code_ge', 'a', '不支持的查询条件: code_ge'],
      ['tenantId', '600001', '不支持的查询条件: tenantId'],
      ['is_deleted', '1', '不支持的查询条件: is_deleted'],
      ['1=1) or (1', '1', '不支持的查询条件: 1=1) or (1'],
      ['amount_ge', '1 or 1=1', '查询条件格式错误: amount_ge'],
      ['createTime_dategt', 'yesterday', '查询条件格式错误: createTime_dategt'],
    ] as const) {
      const res = await ts.get('/api/demo/thing/page', { token: admin, query: { [key]: value } });
      expect([key, res.status, res.body.msg]).toEqual([key, 400, msg]);
    }
    expect(ts.logged).toEqual([]);
  });
});

describe('paging and sorting', () => {
  test('current/size with defaults 1 and 10 and a cap of 500', async () => {
    const all = await ts.get('/api/demo/thing/page', { token: admin });
    expect(all.body.data).toMatchObject({ size: 10, current: 1 });
    const total = all.body.data.total as number;
    expect(total).toBeGreaterThanOrEqual(6);
    const second = await ts.get('/api/demo/thing/page', { token: admin, query: { current: 2, size: 2, ascs: 'code' } });
    expect(second.body.data).toMatchObject({ size: 2, current: 2, total, pages: Math.ceil(total / 2) });
    const firstTwo = await ts.get('/api/demo/thing/page', { token: admin, query: { current: 1, size: 2, ascs: 'code' } });
    expect([...firstTwo.body.data.records, ...second.body.data.records].map((r: { code: string }) => r.code)).toEqual(['apple', 'apple_pie', 'banana', 'cherry']);
    expect((await ts.get('/api/demo/thing/page', { token: admin, query: { size: 100000 } })).body.data.size).toBe(500);
    expect((await ts.get('/api/demo/thing/page', { token: admin, query: { current: 'x', size: 'y' } })).body.data).toMatchObject({ current: 1, size: 10 });
    const beyond = await ts.get('/api/demo/thing/page', { token: admin, query: { current: 99 } });
    expect(beyond.body.data).toMatchObject({ records: [], total, current: 99 });
  });

  test('default order is the entity’s (newest first); ascs/descs by sortable fields or columns only', async () => {
    const byDefault = (await records({ code_likeright: 'a' })).map((r) => r.code);
    expect(byDefault).toEqual(['apple_pie', 'apple']);
    expect((await records({ descs: 'amount', code_notlike: 'x' })).map((r) => r.amount).slice(0, 3)).toEqual([30, 20, 10]);
    expect((await records({ ascs: 'title', code_likeright: 'a' })).map((r) => r.code)).toEqual(['apple_pie', 'apple']);
    expect((await records({ descs: 'create_time', code_likeright: 'a' })).map((r) => r.code)).toEqual(['apple_pie', 'apple']);
    for (const sort of ['body', 'price', 'tenant_id', 'amount; drop table x']) {
      const res = await ts.get('/api/demo/thing/page', { token: admin, query: { ascs: sort } });
      expect([res.status, res.body.msg]).toEqual([400, `不支持的排序字段: ${sort}`]);
    }
  });
});

describe('detail, update, audit, logical delete', () => {
  test('audit columns on insert and update; a non-editable field keeps its value', async () => {
    const [apple] = await records({ code_equal: 'apple' });
    expect(apple).toMatchObject({ createUser: SEED.adminUserId, createDept: SEED.deptId, updateUser: SEED.adminUserId, status: 1 });
    expect(apple.updateTime).toBe(apple.createTime);
    ts.advance(60_000);
    const res = await submit({ id: apple.id, title: '红苹果', code: 'renamed' }, editor);
    expect(res.status).toBe(200);
    const detail = (await ts.get('/api/demo/thing/detail', { token: admin, query: { id: apple.id } })).body.data;
    expect(detail).toMatchObject({ id: apple.id, code: 'apple', title: '红苹果', amount: 10, createUser: SEED.adminUserId, createTime: apple.createTime });
    expect(detail.updateUser).not.toBe(SEED.adminUserId);
    expect(detail.updateTime > apple.updateTime).toBe(true);
  });

  test('an update may clear optional fields but not required ones; an unknown id is 数据不存在', async () => {
    const [cherry] = await records({ code_equal: 'cherry' });
    expect((await submit({ id: cherry.id, body: '' })).status).toBe(200);
    expect((await ts.get('/api/demo/thing/detail', { token: admin, query: { id: cherry.id } })).body.data.body).toBe('');
    expect((await submit({ id: cherry.id, title: '' })).body.msg).toBe('请输入标题');
    const missing = await submit({ id: '1234567890123456789', title: 'x' });
    expect([missing.status, missing.body.msg]).toEqual([400, '数据不存在']);
  });

  test('detail: missing or malformed id is 400, an unknown one answers null', async () => {
    expect((await ts.get('/api/demo/thing/detail', { token: admin })).body.msg).toBe('缺少必要的请求参数: id');
    expect((await ts.get('/api/demo/thing/detail', { token: admin, query: { id: '1 or 1=1' } })).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.get('/api/demo/thing/detail', { token: admin, query: { id: '42' } })).body).toEqual({ code: 200, success: true, data: null, msg: '暂无承载数据' });
  });

  test('remove marks rows deleted: gone from list and detail, still in the table, and the unique key is free again', async () => {
    await submit({ code: 'gone1', title: 'x' });
    await submit({ code: 'gone2', title: 'x' });
    const ids = (await records({ code_likeright: 'gone' })).map((r) => r.id);
    const res = await ts.post('/api/demo/thing/remove', { token: admin, query: { ids: ids.join(',') } });
    expect(res.body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
    expect(await records({ code_likeright: 'gone' })).toEqual([]);
    expect((await ts.get('/api/demo/thing/detail', { token: admin, query: { id: ids[0] } })).body.data).toBeNull();
    const kept = await ts.ctx.db.system((tx) => tx.query<{ is_deleted: number }>('select is_deleted from demo_thing where id = any($1::bigint[])', [ids]));
    expect(kept.map((r) => r.is_deleted)).toEqual([1, 1]);
    expect((await submit({ code: 'gone1', title: 'again' })).status).toBe(200);
    // Removing again, or ids that match nothing: 操作失败.
    expect((await ts.post('/api/demo/thing/remove', { token: admin, query: { ids: ids[1] } })).body).toMatchObject({ code: 400, msg: '操作失败' });
  });

  test('remove ids: required, positive integers, at most 1000', async () => {
    const msg = async (ids?: string) => (await ts.post('/api/demo/thing/remove', { token: admin, query: { ids } })).body.msg;
    expect(await msg()).toBe('缺少必要的请求参数: ids');
    expect(await msg('1,x')).toBe('请求参数格式错误: ids');
    expect(await msg('0')).toBe('请求参数格式错误: ids');
    expect(await msg('-5')).toBe('请求参数格式错误: ids');
    expect(await msg(Array.from({ length: 1001 }, (_, i) => i + 1).join(','))).toBe('请求参数格式错误: ids');
  });

  test('a global entity: save + update, list, physical delete with ids in the body', async () => {
    expect((await ts.post('/api/demo/tag/save', { token: admin, json: { name: 'b' } })).status).toBe(200);
    expect((await ts.post('/api/demo/tag/save', { token: admin, json: { name: 'a' } })).status).toBe(200);
    const list = (await ts.get('/api/demo/tag/list', { token: admin })).body.data;
    expect(list.records.map((r: { name: string }) => r.name)).toEqual(['a', 'b']);
    expect(Object.keys(list.records[0])).toEqual(['id', 'name']);
    expect((await ts.post('/api/demo/tag/update', { token: admin, json: { name: 'x' } })).body.msg).toBe('缺少必要的请求参数: id');
    expect((await ts.post('/api/demo/tag/update', { token: admin, json: { id: list.records[0].id, name: 'c' } })).status).toBe(200);
    const removed = await ts.post('/api/demo/tag/remove', { token: admin, json: { ids: list.records[1].id } });
    expect(removed.body.success).toBe(true);
    expect((await ts.get('/api/demo/tag/list', { token: admin })).body.data.records.map((r: { name: string }) => r.name)).toEqual(['c']);
    expect(await ts.ctx.db.system((tx) => tx.query('select 1 from demo_tag where id = $1', [list.records[1].id]))).toEqual([]);
    // A global table is the same for every tenant.
    expect((await ts.get('/api/demo/tag/list', { token: other })).body.data.total).toBe(1);
  });
});

describe('tenancy and permissions', () => {
  test('another tenant sees none of these rows and cannot read, change or remove them', async () => {
    const [banana] = await records({ code_equal: 'banana' });
    expect((await records({}, other)).length).toBe(0);
    expect((await ts.get('/api/demo/thing/detail', { token: other, query: { id: banana.id } })).body.data).toBeNull();
    const update = await submit({ id: banana.id, title: 'stolen' }, other);
    expect([update.status, update.body.msg]).toEqual([400, '数据不存在']);
    expect((await ts.post('/api/demo/thing/remove', { token: other, query: { ids: banana.id } })).body.msg).toBe('操作失败');
    // Same code in another tenant is fine (unique per tenant), and stays there.
    expect((await submit({ code: 'banana', title: '他的香蕉' }, other)).status).toBe(200);
    expect((await records({}, other)).map((r) => [r.code, r.tenantId])).toEqual([['banana', '600001']]);
    expect((await ts.get('/api/demo/thing/detail', { token: admin, query: { id: banana.id } })).body.data.title).toBe('香蕉');
  });

  test('read needs the menu code or one of its buttons; add, edit, delete need their buttons (403, not 401)', async () => {
    expect((await ts.get('/api/demo/thing/page', { token: viewer })).status).toBe(200);
    expect((await ts.get('/api/demo/thing/page', { token: editor })).status).toBe(200); // holds buttons of the menu
    const add = await submit({ code: 'viewer', title: 'x' }, viewer);
    expect([add.status, add.body]).toMatchObject([403, { code: 403, success: false, data: null, msg: '没有权限执行此操作' }]);
    const [cherry] = await records({ code_equal: 'cherry' });
    expect((await submit({ id: cherry.id, title: 'x' }, viewer)).status).toBe(403);
    expect((await ts.post('/api/demo/thing/remove', { token: viewer, query: { ids: cherry.id } })).status).toBe(403);
    expect((await ts.post('/api/demo/thing/remove', { token: editor, query: { ids: cherry.id } })).status).toBe(403);
    expect((await submit({ code: 'by_editor', title: 'x' }, editor)).status).toBe(200);
    // The permission is checked before the body: a refused caller learns nothing from validation.
    expect((await submit({}, viewer)).status).toBe(403);
    // The tag entity's codes were not granted to them at all.
    expect((await ts.get('/api/demo/tag/list', { token: viewer })).status).toBe(403);
    const demoUser = (await ts.signIn('demo', 'demo')).access_token;
    expect((await ts.get('/api/demo/thing/page', { token: demoUser })).status).toBe(403);
    expect((await ts.get('/api/demo/thing/page')).status).toBe(401);
  });
});
