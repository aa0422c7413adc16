import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import pg from 'pg';
import type { TableShape, TableSummary } from '../../core/sdk/server';
import { createTestServer, scratchDatabase, serverBackends, type TestServer } from '../../core/sdk/server-testing';
import datasourceServer, { datasourceServerWith } from './server';

/**
 * The connection tools: the catalogue of the embedded database (on PGlite and on PostgreSQL), the three
 * endpoints (super administrator only, rate-limited), and connections to a PostgreSQL datasource: its
 * tables, and each way a connection fails, in the caller's language and without the password.
 */

const BASE = '/api/blade-develop/datasource';

/** A table with a bit of everything the tools must describe: comments, lengths, precision, a unique index. */
const GADGET_SQL = `
  create table gadget_shelf (
    id bigint primary key,
    title varchar(40) not null,
    price numeric(10, 2) default 0,
    in_stock bool,
    made_on date,
    code char(8),
    note text
  );
  comment on table gadget_shelf is '货架';
  comment on column gadget_shelf.title is '标题';
  comment on column gadget_shelf.price is '价格';
  create unique index gadget_shelf_code on gadget_shelf (code);
  insert into gadget_shelf (id, title, price, in_stock, made_on, code)
    select n, 'gadget ' || n, n * 1.5, n % 2 = 0, date '2024-01-01' + n, 'c' || lpad(n::text, 7, '0') from generate_series(60, 1, -1) as n;`;

const column = (name: string, type: string, more: Partial<TableShape['columns'][number]> = {}) => ({
  name,
  type,
  maxLength: null,
  precision: null,
  scale: null,
  nullable: true,
  hasDefault: false,
  comment: '',
  primaryKey: false,
  ...more,
});

const GADGET_SHAPE: TableShape = {
  name: 'gadget_shelf',
  comment: '货架',
  columns: [
    column('id', 'int8', { nullable: false, primaryKey: true }),
    column('title', 'varchar', { maxLength: 40, nullable: false, comment: '标题' }),
    column('price', 'numeric', { precision: 10, scale: 2, hasDefault: true, comment: '价格' }),
    column('in_stock', 'bool'),
    column('made_on', 'date'),
    column('code', 'bpchar', { maxLength: 8 }),
    column('note', 'text'),
  ],
  indexes: [
    { name: 'gadget_shelf_pkey', columns: ['id'], unique: true, primary: true },
    { name: 'gadget_shelf_code', columns: ['code'], unique: true, primary: false },
  ],
};

/** Names that would do harm if they ever reached SQL as text. */
const HOSTILE_NAMES = ['blade_user; drop table gadget_shelf', '"gadget_shelf"', 'gadget_shelf" ; drop table gadget_shelf; --', "gadget_shelf'; drop table gadget_shelf; --"];

interface Tokens {
  admin: string;
  tenantAdmin: string;
  demo: string;
}
const signInAll = async (ts: TestServer): Promise<Tokens> => ({
  admin: (await ts.signIn('admin', 'admin')).access_token,
  tenantAdmin: (await ts.signIn('admin', 'admin', '100001')).access_token,
  demo: (await ts.signIn('demo', 'demo')).access_token,
});

const addDatasource = async (ts: TestServer, token: string, row: Record<string, string>): Promise<string> => {
  const saved = await ts.post(`${BASE}/submit`, { token, json: row });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const page = await ts.get(`${BASE}/list`, { token, query: { name: row.name! } });
  return String((page.body.data as { records: { id: string; name: string }[] }).records.find((r) => r.name === row.name)!.id);
};

/**
 * Host names answered as a name server would, without asking one: `refusing.test` is this machine (whose
 * port 1 refuses), `dns-down.test` finds the name server unreachable, any other name does not exist.
 */
const knownNames: LookupFunction = (hostname, options, callback) => {
  const failure = (code: string) => Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname, syscall: 'getaddrinfo' });
  if (hostname !== 'refusing.test') return callback(failure(hostname === 'dns-down.test' ? 'EAI_AGAIN' : 'ENOTFOUND'), '', 0);
  const found: LookupAddress = { address: '127.0.0.1', family: 4 };
  if (options.all) callback(null, [found]);
  else callback(null, found.address, found.family);
};

describe.each(serverBackends())('the embedded database on $name', (backend) => {
  let ts: TestServer;
  let tokens: Tokens;
  beforeAll(async () => {
    ts = await backend.start({ plugins: [datasourceServer] });
    tokens = await signInAll(ts);
    await ts.ctx.db.system((tx) => tx.exec(GADGET_SQL));
  });
  afterAll(() => ts.close());

  test('the catalogue offers it first, as 内置数据库, then every live datasource with its kind', async () => {
    await addDatasource(ts, tokens.admin, { name: 'mysql', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://localhost:3306/blade', username: 'root', password: 'x' });
    const choices = await ts.ctx.extensions.datasources!.choices(ts.ctx);
    expect(choices.map(({ id, ...rest }) => [id === '0' ? '0' : 'saved', rest])).toEqual([
      ['0', { name: '内置数据库', kind: 'embedded', readable: true }],
      ['saved', { name: 'mysql', kind: 'mysql', readable: false }],
      ['saved', { name: 'postgresql', kind: 'postgresql', readable: true }],
    ]);
  });

  test('tables: the current schema, the platform’s own marked, comments and estimates', async () => {
    const res = await ts.get(`${BASE}/tables`, { token: tokens.admin, query: { id: '0' } });
    expect(res.status).toBe(200);
    const tables = res.body.data as TableSummary[];
    const byName = new Map(tables.map((t) => [t.name, t]));
    expect(byName.get('blade_user')).toMatchObject({ platform: true });
    expect(byName.get('blade_datasource')).toMatchObject({ platform: true });
    expect(byName.get('gadget_shelf')).toMatchObject({ name: 'gadget_shelf', comment: '货架', platform: false });
    expect(typeof byName.get('gadget_shelf')!.estimatedRows).toBe('number');
    expect(tables.map((t) => t.name)).toEqual([...tables.map((t) => t.name)].sort());
  });

  test('columns: the table described exactly: types, lengths, precision, nullability, defaults, comments, keys and indexes', async () => {
    const res = await ts.get(`${BASE}/columns`, { token: tokens.admin, query: { id: '0', tableName: 'gadget_shelf' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(GADGET_SHAPE);
    expect(await ts.ctx.extensions.datasources!.describe(ts.ctx, '0', 'no_such_table')).toBeNull();
  });

  test('an unknown table is 400 数据表不存在 in the caller’s language; hostile names are only ever looked up, never run', async () => {
    const ask = (tableName: string, lang = 'zh') => ts.get(`${BASE}/columns`, { token: tokens.admin, query: { id: '0', tableName }, headers: { 'Accept-Language': lang } });
    expect((await ask('no_such_table')).body).toMatchObject({ code: 400, success: false, msg: '数据表不存在' });
    expect((await ask('no_such_table', 'en')).body.msg).toBe('The table does not exist');
    for (const name of HOSTILE_NAMES) expect([name, (await ask(name)).status, (await ask(name)).body.msg]).toEqual([name, 400, '数据表不存在']);
    const catalog = ts.ctx.extensions.datasources!;
    for (const name of HOSTILE_NAMES) await expect(catalog.sample(ts.ctx, '0', name, ['id'], 5)).rejects.toThrow('数据表不存在');
    await expect(catalog.sample(ts.ctx, '0', 'gadget_shelf', ['id', 'title"; drop table gadget_shelf; --'], 5)).rejects.toThrow('数据表没有这一列');
    await expect(catalog.sample(ts.ctx, '0', 'gadget_shelf', [], 5)).rejects.toThrow('数据表没有这一列');
    expect((await ask('gadget_shelf')).body.data).toEqual(GADGET_SHAPE); // still there
    expect(ts.logged).toEqual([]);
  });

  test('sample: the named columns in primary-key order, at most 50 rows', async () => {
    const catalog = ts.ctx.extensions.datasources!;
    const rows = await catalog.sample(ts.ctx, '0', 'gadget_shelf', ['id', 'title', 'in_stock'], 3);
    expect(rows.map((r) => ({ ...r, id: String(r.id) }))).toEqual([
      { id: '1', title: 'gadget 1', in_stock: false },
      { id: '2', title: 'gadget 2', in_stock: true },
      { id: '3', title: 'gadget 3', in_stock: false },
    ]);
    expect(await catalog.sample(ts.ctx, '0', 'gadget_shelf', ['id'], 1000)).toHaveLength(50);
    expect(await catalog.sample(ts.ctx, '0', 'gadget_shelf', ['id'], 0)).toEqual([]);
  });

  test('test with id 0: what the embedded database runs on', async () => {
    const res = await ts.post(`${BASE}/test`, { token: tokens.admin, json: { id: '0' } });
    expect(res.status).toBe(200);
    const { product, ms } = res.body.data as { product: string; ms: number };
    expect(product).toMatch(backend.name === 'PGlite' ? /^PGlite \(PostgreSQL \d+(\.\d+)?\)$/ : /^PostgreSQL \d+(\.\d+)?$/);
    expect(ms).toBeGreaterThanOrEqual(0);
  });
});

describe('the endpoints', () => {
  let ts: TestServer;
  let tokens: Tokens;
  beforeAll(async () => {
    ts = await createTestServer({ plugins: [datasourceServerWith({ lookup: knownNames })] });
    tokens = await signInAll(ts);
  });
  afterAll(() => ts.close());

  const pgForm = { driverClass: 'org.postgresql.Driver', username: 'nobody', password: 'secret-pw-123' };

  test('a tenant’s own administrator and the demo user get 403 on every one, before their input is read', async () => {
    for (const token of [tokens.tenantAdmin, tokens.demo]) {
      for (const [method, path, json] of [
        ['POST', `${BASE}/test`, { id: '0' }],
        ['POST', `${BASE}/test`, { ...pgForm, url: 'jdbc:postgresql://127.0.0.1:1/x' }],
        ['POST', `${BASE}/test`, 'not even json'],
        ['GET', `${BASE}/tables?id=0`],
        ['GET', `${BASE}/tables?id=abc`],
        ['GET', `${BASE}/columns?id=0&tableName=blade_user`],
      ] as const) {
        const res = await ts.call(method, path, { token, json });
        expect([path, res.status, res.body.msg]).toEqual([path, 403, '没有权限执行此操作']);
      }
    }
    expect((await ts.get(`${BASE}/tables`, { query: { id: '0' } })).status).toBe(401);
  });

  test('bad input: 400 naming what is wrong', async () => {
    const msg = async (res: Promise<{ status: number; body: { msg?: string } }>) => {
      const { status, body } = await res;
      return [status, body.msg];
    };
    const { admin } = tokens;
    expect(await msg(ts.get(`${BASE}/tables`, { token: admin, query: { id: 'abc' } }))).toEqual([400, '请求参数格式错误: id']);
    expect(await msg(ts.get(`${BASE}/tables`, { token: admin }))).toEqual([400, '缺少必要的请求参数: id']);
    expect(await msg(ts.get(`${BASE}/tables`, { token: admin, query: { id: '999999' } }))).toEqual([400, '数据源不存在']);
    expect(await msg(ts.get(`${BASE}/columns`, { token: admin, query: { id: '0' } }))).toEqual([400, '缺少必要的请求参数: tableName']);
    expect(await msg(ts.get(`${BASE}/columns`, { token: admin, query: { id: '0', tableName: 'x'.repeat(129) } }))).toEqual([400, 'tableName: 长度不能超过128个字符']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: { ...pgForm, url: 'postgresql://127.0.0.1/x' } }))).toEqual([400, '连接地址格式不正确']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: { ...pgForm, url: 'jdbc:postgresql://a,b/x' } }))).toEqual([400, '连接地址格式不正确']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: { ...pgForm, url: 'jdbc:postgresql://h:99999/x' } }))).toEqual([400, '连接地址格式不正确']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: { ...pgForm, url: '' } }))).toEqual([400, '请输入连接地址']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: { url: 'jdbc:postgresql://h/x', username: 'u' } }))).toEqual([400, '请选择驱动类']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: { ...pgForm, driverClass: 'org.h2.Driver', url: 'jdbc:h2:mem' } }))).toEqual([400, '请求参数格式错误: driverClass']);
    expect(await msg(ts.post(`${BASE}/test`, { token: admin, json: [pgForm] }))).toEqual([400, '请求参数格式错误: body']);
    expect(ts.logged).toEqual([]);
  });

  test('MySQL and Oracle datasources are listed but refused clearly, saved or typed', async () => {
    const id = await addDatasource(ts, tokens.admin, { name: 'oracle', driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@localhost:1521:orcl', username: 'u', password: 'p' });
    const mysql = { driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3306/blade', username: 'root', password: 'p' };
    expect((await ts.post(`${BASE}/test`, { token: tokens.admin, json: mysql })).body).toMatchObject({ code: 400, msg: '目前只能连接 PostgreSQL 数据源' });
    expect((await ts.post(`${BASE}/test`, { token: tokens.admin, json: mysql, headers: { 'Accept-Language': 'en' } })).body.msg).toBe('Only PostgreSQL datasources can be connected for now');
    expect((await ts.get(`${BASE}/tables`, { token: tokens.admin, query: { id } })).body.msg).toBe('目前只能连接 PostgreSQL 数据源');
    expect((await ts.get(`${BASE}/columns`, { token: tokens.admin, query: { id, tableName: 'x' } })).body.msg).toBe('目前只能连接 PostgreSQL 数据源');
  });

  test('a closed port answers 连接被拒绝 (not the time-out); an unknown host 找不到主机; never the password', async () => {
    // How soon the refusal comes is a figure of `npm run bench` (tests/bench/limits.ts).
    const refused = await ts.post(`${BASE}/test`, { token: tokens.admin, json: { ...pgForm, url: 'jdbc:postgresql://127.0.0.1:1/postgres' } });
    expect([refused.status, refused.body.msg]).toEqual([400, '连接被拒绝：请检查主机和端口，以及数据库服务是否已启动']);
    const en = await ts.post(`${BASE}/test`, { token: tokens.admin, json: { ...pgForm, url: 'jdbc:postgresql://127.0.0.1:1/postgres' }, headers: { 'Accept-Language': 'en' } });
    expect(en.body.msg).toBe('Connection refused: check the host and the port, and that the database server is running');
    // A name is looked up through the plugin's resolver (here the test's answers) before connecting.
    const named = await ts.post(`${BASE}/test`, { token: tokens.admin, json: { ...pgForm, url: 'jdbc:postgresql://refusing.test:1/postgres' } });
    expect([named.status, named.body.msg]).toEqual([400, '连接被拒绝：请检查主机和端口，以及数据库服务是否已启动']);
    const unknown = await ts.post(`${BASE}/test`, { token: tokens.admin, json: { ...pgForm, url: 'jdbc:postgresql://no-such-host.invalid:5432/postgres' } });
    expect([unknown.status, unknown.body.msg]).toEqual([400, '找不到主机：请检查连接地址中的主机名']);
    const unresolved = await ts.post(`${BASE}/test`, { token: tokens.admin, json: { ...pgForm, url: 'jdbc:postgresql://dns-down.test:5432/postgres' } });
    expect([unresolved.status, unresolved.body.msg]).toEqual([400, '找不到主机：请检查连接地址中的主机名']);
    for (const res of [refused, en, named, unknown, unresolved]) expect(JSON.stringify(res.body)).not.toContain(pgForm.password);
    expect(ts.logged).toEqual([]);
  });
});

describe('the rate limit', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await createTestServer({ plugins: [datasourceServer], rateLimits: {} });
    ts.advance(60_000 - (ts.ctx.now().getTime() % 60_000)); // no window ends while the test counts
  });
  afterAll(() => ts.close());

  test('20 calls a minute per user across test, tables and columns; then 429 in the caller’s language', async () => {
    const admin = (await ts.signIn('admin', 'admin')).access_token;
    for (let i = 0; i < 20; i++) {
      const res = i % 2 ? await ts.get(`${BASE}/tables`, { token: admin, query: { id: '0' } }) : await ts.get(`${BASE}/columns`, { token: admin, query: { id: '0', tableName: 'blade_user' } });
      expect(res.status).toBe(200);
    }
    const refused = await ts.post(`${BASE}/test`, { token: admin, json: { id: '0' }, headers: { 'Accept-Language': 'en' } });
    expect([refused.status, refused.body.msg]).toEqual([429, 'Too many requests, please try again later']);
    expect((await ts.get(`${BASE}/list`, { token: admin })).status).toBe(200); // the engine's screens are not counted
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('a PostgreSQL datasource (TEST_DATABASE_URL)', () => {
  let ts: TestServer;
  let admin: string;
  let scratch: { url: string; drop: () => Promise<void> };
  let address: URL;
  let jdbc: string;
  beforeAll(async () => {
    scratch = await scratchDatabase(url!);
    address = new URL(scratch.url);
    jdbc = `jdbc:postgresql://${address.hostname}:${address.port || 5432}${address.pathname}`;
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(GADGET_SQL);
    } finally {
      await client.end();
    }
    ts = await createTestServer({ plugins: [datasourceServer] });
    admin = (await ts.signIn('admin', 'admin')).access_token;
  });
  afterAll(async () => {
    await ts?.close();
    await scratch?.drop();
  });

  const form = () => ({ driverClass: 'org.postgresql.Driver', url: jdbc, username: decodeURIComponent(address.username), password: decodeURIComponent(address.password) });

  test('the form’s settings connect: the product and the time it took', async () => {
    const started = performance.now();
    const res = await ts.post(`${BASE}/test`, { token: admin, json: form() });
    const observed = performance.now() - started;
    expect(res.status).toBe(200);
    expect((res.body.data as { product: string }).product).toMatch(/^PostgreSQL \d+(\.\d+)?$/);
    // Milliseconds, within the call as the test saw it.
    const { ms } = res.body.data as { ms: number };
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThanOrEqual(Math.ceil(observed));
  });

  test('a saved datasource: its tables and columns; an edit that leaves the password empty uses the stored one', async () => {
    const id = await addDatasource(ts, admin, { name: 'scratch', ...form() });
    expect((await ts.post(`${BASE}/test`, { token: admin, json: { ...form(), id, password: '' } })).status).toBe(200);
    const tables = (await ts.get(`${BASE}/tables`, { token: admin, query: { id } })).body.data as TableSummary[];
    expect(tables).toEqual([{ name: 'gadget_shelf', comment: '货架', estimatedRows: expect.any(Number), platform: false }]);
    expect((await ts.get(`${BASE}/columns`, { token: admin, query: { id, tableName: 'gadget_shelf' } })).body.data).toEqual(GADGET_SHAPE);
    expect((await ts.get(`${BASE}/columns`, { token: admin, query: { id, tableName: 'blade_user; drop table gadget_shelf' } })).body.msg).toBe('数据表不存在');
    const rows = await ts.ctx.extensions.datasources!.sample(ts.ctx, id, 'gadget_shelf', ['id', 'price'], 2);
    expect(rows).toEqual([
      { id: '1', price: '1.50' },
      { id: '2', price: '3.00' },
    ]);
    const choices = await ts.ctx.extensions.datasources!.choices(ts.ctx);
    expect(choices.find((c) => c.id === id)).toEqual({ id, name: 'scratch', kind: 'postgresql', readable: true });
  });

  test('the stored password goes only to the stored address and account: a changed one needs the password typed again', async () => {
    const id = await addDatasource(ts, admin, { name: 'scratch-moved', ...form() });
    const elsewhere = { ...form(), id, url: 'jdbc:postgresql://127.0.0.1:1/postgres', password: '' };
    const moved = await ts.post(`${BASE}/test`, { token: admin, json: elsewhere });
    expect([moved.status, moved.body.msg]).toEqual([400, '修改了连接地址或用户名时请重新输入密码']);
    expect((await ts.post(`${BASE}/test`, { token: admin, json: { ...form(), id, username: 'someone', password: '' }, headers: { 'Accept-Language': 'en' } })).body.msg).toBe(
      'Enter the password again when the URL or the user name changes',
    );
    const saved = await ts.post(`${BASE}/submit`, { token: admin, json: { ...form(), id, name: 'scratch-moved', url: 'jdbc:postgresql://attacker.example/x', password: '' } });
    expect([saved.status, saved.body.msg]).toEqual([400, '修改了连接地址或用户名时请重新输入密码']);
    expect((await ts.post(`${BASE}/submit`, { token: admin, json: { ...form(), id, name: 'scratch-moved', url: 'jdbc:postgresql://127.0.0.1:1/x', password: 'typed-again' } })).status).toBe(200);
  });

  test('a wrong password: 用户名或密码错误 (and in English), the password nowhere in the answer', async () => {
    const wrong = { ...form(), password: 'wrong-password-4711' };
    const zh = await ts.post(`${BASE}/test`, { token: admin, json: wrong });
    expect([zh.status, zh.body.msg]).toEqual([400, '用户名或密码错误']);
    const en = await ts.post(`${BASE}/test`, { token: admin, json: wrong, headers: { 'Accept-Language': 'en' } });
    expect([en.status, en.body.msg]).toEqual([400, 'Wrong user name or password']);
    for (const res of [zh, en]) expect(JSON.stringify(res.body)).not.toContain('wrong-password-4711');
  });

  test('an unknown database: 数据库不存在', async () => {
    const res = await ts.post(`${BASE}/test`, { token: admin, json: { ...form(), url: jdbc.replace(/\/[^/]+$/, '/no_such_database_4711') } });
    expect([res.status, res.body.msg]).toEqual([400, '数据库不存在']);
    expect(ts.logged).toEqual([]);
  });
});
