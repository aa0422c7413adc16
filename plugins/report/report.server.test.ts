import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import cardServer from '../card/server';
import certificateServer from '../certificate/server';
import dictServer from '../dict/server';
import mallServer from '../mall/server';
import visitServer from '../visit/server';
import reportServer from './server';

/**
 * Reports through their paths: the seeded ones run; a hostile SQL of every kind is refused by name at
 * save and at run; the tenant's row-level security holds even when the SQL asks for another tenant's
 * rows; the demo `user` role runs but does not write; the declarations and values are judged.
 */
const BASE = '/api/blade-report/report/rest';
const en = { 'Accept-Language': 'en' };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;

const list = async (token = admin) => (await ts.get(`${BASE}/list`, { token, query: { size: 50 } })).body.data.records as Record<string, any>[];
const reportId = async (name: string, token = admin) => (await list(token)).find((r) => r.name === name)!.id as string;
const run = (id: string, params: Record<string, unknown> = {}, token = admin, headers?: Record<string, string>) =>
  ts.post(`${BASE}/run`, { token, json: { id, params }, headers });
const attempt = (sql: string, extra: Record<string, unknown> = {}, token = admin, headers?: Record<string, string>) =>
  ts.post(`${BASE}/try`, { token, json: { sql, ...extra }, headers });
const save = (json: Record<string, unknown>, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/submit`, { token, json, headers });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer, visitServer, mallServer, certificateServer, reportServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
});
afterAll(() => ts.close());

describe('the seeded reports', () => {
  test('each demo tenant has the three, and each runs on its own data', async () => {
    for (const token of [admin, demoAdmin]) expect((await list(token)).map((r) => r.name).sort()).toEqual(['名片访问排行', '商城每日销售', '证书订单状态分布'].sort());

    const sales = await run(await reportId('商城每日销售'), { start: '2000-01-01', end: '2000-01-03' });
    expect(sales.status).toBe(200);
    expect(sales.body.data.columns).toEqual([
      { name: 'day', type: 'date' },
      { name: 'orders', type: 'number' },
      { name: 'takings', type: 'number' },
    ]);
    expect(sales.body.data.rows).toEqual([
      ['2000-01-01', 0, 0],
      ['2000-01-02', 0, 0],
      ['2000-01-03', 0, 0],
    ]);

    // The defaults: the last 30 days, and the figures are the mall's own.
    const month = (await run(await reportId('商城每日销售'))).body.data;
    expect(month.rows).toHaveLength(30);
    const takings = month.rows.reduce((sum: number, row: number[]) => sum + row[2]!, 0);
    const expected = await ts.ctx.db.system((tx) =>
      tx.one<{ fen: string }>(
        `select coalesce(sum(pay_amount), 0)::text as fen from mall_order where tenant_id = '000000' and is_deleted = 0 and status in (1, 2, 3) and pay_time >= current_date - 29 and pay_time < current_date + 1`,
      ),
    );
    expect(takings).toBe(Number(expected!.fen));
    expect(takings).toBeGreaterThan(0);

    const visits = await run(await reportId('名片访问排行'), { days: 90 });
    expect(visits.body.data.rows.length).toBeGreaterThan(0);
    const pie = await run(await reportId('证书订单状态分布'), {}, admin, en);
    expect(pie.body.data.rows.map((r: unknown[]) => r[0])).toEqual(['Not paid', 'Paid', 'Closed', 'Refunding', 'Refunded', 'Refund failed']);

    // The other tenant's figures differ: its own orders.
    const other = (await run(await reportId('商城每日销售', demoAdmin), {}, demoAdmin)).body.data;
    expect(other.rows.map((r: unknown[]) => r[2])).not.toEqual(month.rows.map((r: unknown[]) => r[2]));
  });

  test('the values are judged by their declared types, in the caller’s language', async () => {
    const id = await reportId('商城每日销售');
    const bad = await run(id, { start: '2024-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('参数「开始日期」格式不正确，应为日期 yyyy-MM-dd');
    expect((await run(id, { start: 'x' }, admin, en)).body.msg).toBe('The parameter "From" is not valid: expected a date yyyy-MM-dd');
    const days = await run(await reportId('名片访问排行'), { days: '1; drop table blade_visit' });
    expect(days.status).toBe(400);
    expect(days.body.msg).toContain('应为整数');
  });
});

describe('a report cannot write, reach beyond its tenant, or call what it should not', () => {
  const refusals: [string, string, string][] = [
    ['insert', `insert into mall_order (id, tenant_id) values (1, '000000')`, '报表只能是 SELECT 查询，不能是 INSERT'],
    ['update', `update mall_order set amount = 0`, '报表只能是 SELECT 查询，不能是 UPDATE'],
    ['delete', `delete from mall_order`, '报表只能是 SELECT 查询，不能是 DELETE'],
    ['drop', `drop table mall_order`, '报表只能是 SELECT 查询，不能是 DROP'],
    ['two statements', `select 1; delete from mall_order`, '报表只能是一条 SELECT 语句'],
    ['select for update', `select id from mall_order for update`, '报表不能加锁（FOR UPDATE / FOR SHARE）'],
    ['select for share', `select id from mall_order for share`, '报表不能加锁（FOR UPDATE / FOR SHARE）'],
    ['a CTE that updates', `with gone as (update mall_order set amount = 0 returning id) select count(*) from gone`, 'WITH 子句中只能是 SELECT 查询'],
    ['a CTE that deletes', `with gone as (delete from mall_order returning id) select 1`, 'WITH 子句中只能是 SELECT 查询'],
    ['select into', `select * into stolen from mall_order`, '报表不能使用 SELECT INTO'],
    ['set_config to leave the tenant', `select set_config('app.tenant_id', '100001', true), count(*) from mall_order`, '报表不能调用函数 set_config'],
    ['set_config to drop the role', `select count(*) from mall_order where set_config('role', 'none', true) is not null`, '报表不能调用函数 set_config'],
    ['current_setting', `select current_setting('app.tenant_id')`, '报表不能调用函数 current_setting'],
    ['pg_sleep', `select pg_sleep(10)`, '报表不能调用函数 pg_sleep'],
    ['pg_read_file', `select pg_read_file('/etc/passwd')`, '报表不能调用函数 pg_read_file'],
    ['dblink', `select * from dblink('host=x', 'select 1') as t(a int)`, '报表不能调用函数 dblink'],
    ['lo_import', `select lo_import('/etc/passwd')`, '报表不能调用函数 lo_import'],
    ['query_to_xml', `select query_to_xml('select * from blade_user', true, true, '')`, '报表不能调用函数 query_to_xml'],
    ['nextval', `select nextval('x')`, '报表不能调用函数 nextval'],
    ['a function of another schema', `select pg_catalog.pg_sleep(1)`, '报表不能调用函数 pg_catalog.pg_sleep'],
    ['another schema', `select * from other.mall_order`, '报表不能查询 other 模式下的表'],
    ['pg_catalog', `select rolname from pg_catalog.pg_authid`, '报表不能查询 pg_catalog 模式下的表'],
    ['pg_catalog unqualified', `select relname from pg_class`, '报表只能查询本租户的业务表，不能查询 pg_class'],
    ['information_schema', `select table_name from information_schema.tables`, '报表不能查询 information_schema 模式下的表'],
    ['a table without tenant', `select * from schema_migrations`, '报表只能查询本租户的业务表，不能查询 schema_migrations'],
    ['a sensitive table', `select * from blade_refresh_token`, '报表不能查询表 blade_refresh_token：含敏感数据'],
    ['the payment keys', `select private_key_sealed from xh_pay_setting`, '报表不能查询表 xh_pay_setting：含敏感数据'],
    ['a CTE named like a sensitive table hides nothing', `with t as (select 1 as a) select * from t, blade_tenant`, '报表不能查询表 blade_tenant：含敏感数据'],
    ['a CTE reading the table it is named after', `with blade_oss as (select * from blade_login_failure) select * from blade_oss`, '报表不能查询表 blade_login_failure：含敏感数据'],
    ['the password hash', `select account, password from blade_user`, '报表不能读取敏感列 password'],
    ['the password hash through *', `select * from blade_user`, '表 blade_user 含敏感列，不能用 * 或整行引用，请列出所需的列'],
    ['the password hash as a whole row', `select row_to_json(u) from blade_user u`, '报表不能调用函数 row_to_json'],
    ['the password hash as text', `select u::text from blade_user u`, '表 blade_user 含敏感列，不能用 * 或整行引用，请列出所需的列'],
    ['a cast to a catalogue type', `select 'blade_user'::regclass`, '报表不能转换为类型 regclass'],
    ['a recursive CTE', `with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n`, '报表不支持 WITH RECURSIVE（递归查询无法预估开销）'],
    ['positional parameters', `select * from mall_order where id = $1`, 'SQL 中请用 :名称 引用参数，不能用 $1'],
    ['an undeclared parameter', `select * from mall_order where id = :id`, 'SQL 使用了未声明的参数 :id'],
    ['current_user', `select current_user`, '报表不支持此语法：CURRENT_USER'],
    ['a syntax error', `select from where`, 'SQL 语法错误：syntax error at or near "where"'],
  ];

  test.each(refusals)('%s is refused with its reason, at try and at save', async (_what, sql, message) => {
    const tried = await attempt(sql);
    expect([tried.status, tried.body.msg]).toEqual([400, message]);
    const saved = await save({ name: `hostile ${_what}`, sql });
    expect([saved.status, saved.body.msg]).toEqual([400, message]);
  });

  test('refusals in English', async () => {
    expect((await attempt(`select pg_sleep(1)`, {}, admin, en)).body.msg).toBe('A report cannot call the function pg_sleep');
    expect((await attempt(`delete from mall_order`, {}, admin, en)).body.msg).toBe('A report is a SELECT query, not DELETE');
  });

  test('nothing was written by any of them', async () => {
    const counts = await ts.ctx.db.system((tx) => tx.one<{ orders: number; migrations: number }>(`select (select count(*)::int from mall_order where amount > 0) as orders, (select count(*)::int from schema_migrations) as migrations`));
    expect(counts!.orders).toBeGreaterThan(0);
    expect(await ts.ctx.db.system((tx) => tx.one(`select to_regclass('public.stolen') as found`))).toEqual({ found: null });
  });

  test('a saved report that would write cannot: the transaction is read-only even where the SQL slips through', async () => {
    // Not reachable through the parser; the read-only setting is the second lock, checked here directly.
    const refused = await ts.ctx.db
      .tenant('000000', async (tx) => {
        await tx.query(`select set_config('transaction_read_only', 'on', true)`);
        await tx.query(`update mall_order set remark = 'x' where false`);
      })
      .catch((error: Error) => error.message);
    expect(refused).toBe('cannot execute UPDATE in a read-only transaction');
  });

  test("another tenant's rows stay out, whatever the SQL says", async () => {
    const sql = `select count(*) as orders, count(distinct tenant_id) as tenants, min(tenant_id) as tenant from mall_order where tenant_id = '000000'`;
    const asOther = await attempt(sql, {}, demoAdmin);
    expect(asOther.body.data.rows).toEqual([[0, 0, null]]);
    const own = await attempt(`select count(*) as orders, min(tenant_id) as tenant from mall_order`, {}, demoAdmin);
    expect(own.body.data.rows[0][0]).toBeGreaterThan(0);
    expect(own.body.data.rows[0][1]).toBe(DEMO_TENANT.tenantId);
  });

  test('a parameter is bound, not spliced: text that looks like SQL is a value', async () => {
    const params = [{ name: 'who', label: { zh: '买家', en: 'Buyer' }, type: 'text' }];
    const res = await attempt(`select count(*) as n from mall_order where buyer_name = :who`, { paramDecl: params, params: { who: "x' or '1'='1" } });
    expect(res.body.data.rows).toEqual([[0]]);
    // `::` casts, strings, comments and array slices are not parameters.
    const odd = await attempt(`select ':who' as s, (array[1,2,3])[2:3] as a, 1::text as t -- :nobody\n`, { paramDecl: params });
    expect(odd.body.data.rows).toEqual([[':who', '{2,3}', '1']]);
  });

  test('the rows are capped at 10,000 and the run says so', async () => {
    const res = await attempt(`select i from generate_series(1, 10500) as g(i)`);
    expect(res.body.data.rows).toHaveLength(10_000);
    expect(res.body.data.truncated).toBe(true);
  });

  test('columns keep their order and repeated names; ids beyond 2^53 stay exact', async () => {
    const res = await attempt(`select id, id, name, 1.5::numeric as n, true as b, now() as t from mall_product order by id limit 1`);
    const { columns, rows } = res.body.data;
    expect(columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`)).toEqual(['id:text', 'id:text', 'name:text', 'n:number', 'b:boolean', 't:datetime']);
    expect(rows[0][0]).toMatch(/^\d{16,19}$/);
    expect(rows[0][5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('who may do what', () => {
  test('the demo user lists and runs, but cannot save, remove or try SQL', async () => {
    const id = await reportId('商城每日销售', viewer);
    expect((await run(id, {}, viewer)).status).toBe(200);
    expect((await save({ name: 'mine', sql: 'select 1' }, viewer)).status).toBe(403);
    expect((await save({ id, name: '改名', sql: 'select 1' }, viewer)).status).toBe(403);
    expect((await ts.post(`${BASE}/remove`, { token: viewer, query: { ids: id } })).status).toBe(403);
    expect((await attempt('select 1', {}, viewer)).status).toBe(403);
    expect((await ts.post(`${BASE}/export`, { token: viewer, json: { id } })).status).toBe(200);
  });

  test("a report of another tenant is not found, even by id", async () => {
    const theirs = await reportId('商城每日销售', demoAdmin);
    const res = await run(theirs);
    expect([res.status, res.body.msg]).toEqual([400, '数据不存在']);
  });
});

describe('saving', () => {
  test('a report is saved with its declarations, checked against its columns, and runs', async () => {
    const chart = { type: 'column', x: 'product', y: ['sold'] };
    const missing = await save({ name: '畅销商品', sql: 'select name as product, sales as sold from mall_product', chart: { ...chart, y: ['nope'] } });
    expect([missing.status, missing.body.msg]).toEqual([400, '图表引用的列 nope 不在查询结果中']);
    const unknown = await save({ name: '畅销商品', sql: 'select nope from mall_product' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('报表运行失败：column "nope" does not exist');
    const badDecl = await save({ name: '畅销商品', sql: 'select 1', params: [{ name: 'language', label: { zh: '语言', en: '' }, type: 'text' }] });
    expect(badDecl.status).toBe(400);
    expect(badDecl.body.msg).toContain('参数声明不正确');

    const ok = await save({ name: '畅销商品', category: '商城', sql: 'select name as product, sales as sold from mall_product order by sales desc limit :top', params: [{ name: 'top', label: { zh: '前几名', en: 'Top' }, type: 'int', default: '5' }], chart });
    expect(ok.body.success).toBe(true);
    const id = await reportId('畅销商品');
    const detail = (await ts.get(`${BASE}/detail`, { token: admin, query: { id } })).body.data;
    expect(JSON.parse(detail.chart)).toEqual(chart);
    expect((await run(id)).body.data.rows).toHaveLength(5);
    expect((await run(id, { top: 2 })).body.data.rows).toHaveLength(2);
    expect((await ts.post(`${BASE}/remove`, { token: admin, query: { ids: id } })).body.success).toBe(true);
  });

  test('the time-out is bounded: 100 to 30000 ms', async () => {
    const res = await save({ name: '超时', sql: 'select 1', timeoutMs: 60_000 });
    expect(res.status).toBe(400);
  });
});

describe('export', () => {
  test('the xlsx holds the run: titles in the caller’s language, money in yuan', async () => {
    const id = await reportId('商城每日销售');
    const params = { start: '2000-01-01', end: '2000-01-02' };
    const res = await ts.app.request(`${BASE}/export`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ id, params }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const { readSheet } = await import('../../core/sdk/server');
    expect(typeof readSheet).toBe('function');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
