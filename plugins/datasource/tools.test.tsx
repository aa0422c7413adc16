import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TableShape, TableSummary } from '../../core/sdk/shared';
import { fail, ok, page, renderPlugin, respond, type Handlers, type RecordedCall } from '../../core/sdk/testing';
import datasourcePlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const TEST = 'POST /api/blade-develop/datasource/test';
const rows = [
  { id: '1', name: 'postgresql', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/blade_demo', username: 'demo', password: '', remark: '' },
  { id: '2', name: 'mysql', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://localhost:3306/blade', username: 'root', password: '', remark: '' },
];
const tables: TableSummary[] = [
  { name: 'blade_user', comment: '用户表', estimatedRows: 12, platform: true },
  { name: 'gadget_shelf', comment: '货架', estimatedRows: 60, platform: false },
  { name: 'shop_order', comment: '', estimatedRows: 0, platform: false },
];
const gadget: TableShape = {
  name: 'gadget_shelf',
  comment: '货架',
  columns: [
    { name: 'id', type: 'int8', maxLength: null, precision: null, scale: null, nullable: false, hasDefault: false, comment: '', primaryKey: true },
    { name: 'title', type: 'varchar', maxLength: 40, precision: null, scale: null, nullable: false, hasDefault: false, comment: '标题', primaryKey: false },
    { name: 'price', type: 'numeric', maxLength: null, precision: 10, scale: 2, nullable: true, hasDefault: true, comment: '价格', primaryKey: false },
    { name: 'code', type: 'bpchar', maxLength: 8, precision: null, scale: null, nullable: true, hasDefault: false, comment: '', primaryKey: false },
  ],
  indexes: [
    { name: 'gadget_shelf_pkey', columns: ['id'], unique: true, primary: true },
    { name: 'gadget_shelf_code', columns: ['code'], unique: true, primary: false },
  ],
};

/** The list, the detail, and what the embedded database runs on; `test` answers the other tests. */
const backend = (more: Handlers = {}, test: (call: RecordedCall) => unknown = () => fail('unexpected test')) =>
  respond({
    'GET /api/blade-develop/datasource/list': () => page(rows),
    'GET /api/blade-develop/datasource/detail': (call) => ok(rows.find((r) => r.id === call.query.id)),
    [TEST]: (call) => ((call.body as { id?: string }).id === '0' ? ok({ product: 'PGlite (PostgreSQL 17.4)', ms: 1 }) : test(call)),
    ...more,
  });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const formTests = (calls: RecordedCall[]) => calls.filter((c) => (c.body as { id?: string }).id !== '0').map((c) => c.body);
const resultText = (dialog: HTMLElement) => within(dialog).findByTestId('datasource-test-result').then((e) => e.textContent);

async function fillAdd(app: Awaited<ReturnType<typeof renderPlugin>>, dialog: HTMLElement) {
  await app.user.type(within(dialog).getByPlaceholderText('请输入名称'), 'scratch');
  await app.user.click(dialog.querySelector('.arco-select-view') as HTMLElement);
  fireEvent.click(await screen.findByText('org.postgresql.Driver', { selector: '.arco-select-option, .arco-select-option *' }));
  await app.user.type(within(dialog).getByPlaceholderText('请输入连接地址'), 'jdbc:postgresql://db.example:5432/shop');
  await app.user.type(within(dialog).getByPlaceholderText('请输入用户名'), 'shop');
  await app.user.type(within(dialog).getByPlaceholderText('请输入密码'), 'typed-secret');
}

describe('datasource tools', () => {
  it('the embedded database above the list: what it runs on', async () => {
    await renderPlugin(datasourcePlugin, { backend: backend() });
    const line = await screen.findByRole('region', { name: '内置数据库' });
    await within(line).findByText('运行于 PGlite (PostgreSQL 17.4)');
    expect(within(line).getByRole('button', { name: '表结构' })).toBeTruthy();
  });

  it('测试连接 in the add dialog: the form’s values are sent, success is said inline, the form keeps its values, nothing is saved', async () => {
    const app = await renderPlugin(datasourcePlugin, { backend: backend({}, () => ok({ product: 'PostgreSQL 16.4', ms: 12 })) });
    await screen.findByText('postgresql');
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: /新增数据源/ });
    await fillAdd(app, dialog);
    await app.user.click(within(dialog).getByRole('button', { name: '测试连接' }));
    expect(await resultText(dialog)).toBe('连接成功：PostgreSQL 16.4，用时 12 毫秒');
    expect(formTests(app.callsTo(TEST))).toEqual([{ driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://db.example:5432/shop', username: 'shop', password: 'typed-secret' }]);
    expect(within(dialog).getByDisplayValue('scratch')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('jdbc:postgresql://db.example:5432/shop')).toBeTruthy();
    expect((within(dialog).getByPlaceholderText('请输入密码') as HTMLInputElement).value).toBe('typed-secret');
    expect(app.callsTo('POST /api/blade-develop/datasource/submit')).toHaveLength(0);
  });

  it('a failed test says why inline (no toast), keeps the form, and the button is ready again; empty settings are not sent', async () => {
    const app = await renderPlugin(datasourcePlugin, { backend: backend({}, () => fail('用户名或密码错误')) });
    await screen.findByText('postgresql');
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: /新增数据源/ });
    await app.user.click(within(dialog).getByRole('button', { name: '测试连接' }));
    expect(await within(dialog).findByText('请输入连接地址', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    expect(formTests(app.callsTo(TEST))).toHaveLength(0);

    await fillAdd(app, dialog);
    const button = within(dialog).getByRole('button', { name: '测试连接' });
    await app.user.click(button);
    expect(await resultText(dialog)).toBe('连接失败：用户名或密码错误');
    expect(document.querySelectorAll('.arco-message')).toHaveLength(0);
    expect(within(dialog).getByDisplayValue('shop')).toBeTruthy();
    expect((within(dialog).getByPlaceholderText('请输入密码') as HTMLInputElement).value).toBe('typed-secret');
    await waitFor(() => expect(button.classList.contains('arco-btn-loading')).toBe(false));
  });

  it('a test while editing sends the row’s id and an empty password (the stored one is used); a spinner while it runs', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const app = await renderPlugin(datasourcePlugin, { backend: backend({}, () => new Promise((resolve) => (answer = resolve))) });
    await screen.findByText('postgresql');
    await app.user.click(within(rowOf('postgresql')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog', { name: /修改数据源/ });
    await within(dialog).findByDisplayValue('postgresql');
    const button = within(dialog).getByRole('button', { name: '测试连接' });
    await app.user.click(button);
    await waitFor(() => expect(button.classList.contains('arco-btn-loading')).toBe(true));
    answer(ok({ product: 'PostgreSQL 15.8', ms: 40 }));
    expect(await resultText(dialog)).toBe('连接成功：PostgreSQL 15.8，用时 40 毫秒');
    expect(formTests(app.callsTo(TEST))).toEqual([{ id: '1', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/blade_demo', username: 'demo', password: '' }]);
  });

  it('editing: the password becomes required once the url or the user name changes (the stored one is for the stored place only)', async () => {
    const app = await renderPlugin(datasourcePlugin, { backend: backend() });
    await screen.findByText('postgresql');
    await app.user.click(within(rowOf('postgresql')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog', { name: /修改数据源/ });
    const url = await within(dialog).findByDisplayValue('jdbc:postgresql://127.0.0.1:5432/blade_demo');
    await app.user.clear(url);
    await app.user.type(url, 'jdbc:postgresql://elsewhere:5432/blade_demo');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入密码', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    expect(app.callsTo('POST /api/blade-develop/datasource/submit')).toHaveLength(0);
  });

  it('测试连接 on a row tests the saved settings and says the outcome in a toast; 表结构 only on readable kinds', async () => {
    const app = await renderPlugin(datasourcePlugin, { backend: backend({}, () => fail('目前只能连接 PostgreSQL 数据源')) });
    await screen.findByText('mysql');
    expect(within(rowOf('postgresql')).queryByRole('button', { name: '表结构' })).toBeTruthy();
    expect(within(rowOf('mysql')).queryByRole('button', { name: '表结构' })).toBeNull();
    await app.user.click(within(rowOf('mysql')).getByRole('button', { name: '测试连接' }));
    await waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain('连接失败：目前只能连接 PostgreSQL 数据源'), { timeout: 10_000 });
    expect(formTests(app.callsTo(TEST))).toEqual([{ id: '2', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://localhost:3306/blade', username: 'root', password: '' }]);
  });

  it('表结构: the tables with the platform’s own tagged, a filter, then a table’s columns and indexes', async () => {
    const app = await renderPlugin(datasourcePlugin, {
      backend: backend({
        'GET /api/blade-develop/datasource/tables': () => ok(tables),
        'GET /api/blade-develop/datasource/columns': (call) => (call.query.tableName === 'gadget_shelf' ? ok(gadget) : fail('数据表不存在')),
      }),
    });
    await screen.findByText('postgresql');
    await app.user.click(within(rowOf('postgresql')).getByRole('button', { name: '表结构' }));
    const drawer = (await screen.findByText('表结构 · postgresql')).closest('.arco-drawer') as HTMLElement;
    const list = await within(drawer).findByTestId('datasource-tables');
    await within(list).findByText('gadget_shelf');
    expect(app.callsTo('GET /api/blade-develop/datasource/tables').map((c) => c.query)).toEqual([{ id: '1' }]);
    const tableRow = (name: string) => within(list).getByText(name).closest('tr') as HTMLElement;
    expect(within(tableRow('blade_user')).getByText('平台表')).toBeTruthy();
    expect(within(tableRow('gadget_shelf')).queryByText('平台表')).toBeNull();
    expect(within(tableRow('gadget_shelf')).getByText('60')).toBeTruthy();
    expect(within(drawer).getByText('3 / 3 张表')).toBeTruthy();

    await app.user.type(within(drawer).getByPlaceholderText('按表名或注释筛选'), '货架');
    await waitFor(() => expect(within(list).queryByText('blade_user')).toBeNull());
    expect(within(drawer).getByText('1 / 3 张表')).toBeTruthy();

    await app.user.click(within(list).getByRole('button', { name: 'gadget_shelf' }));
    const columns = await within(drawer).findByTestId('datasource-columns');
    const cells = (name: string) => [...(within(columns).getByText(name).closest('tr') as HTMLElement).querySelectorAll('td')].map((td) => td.textContent);
    expect(cells('id')).toEqual(['id主键', 'int8', '否', '否', '—']);
    expect(cells('title')).toEqual(['title', 'varchar(40)', '否', '否', '标题']);
    expect(cells('price')).toEqual(['price', 'numeric(10,2)', '是', '是', '价格']);
    expect(cells('code')).toEqual(['code', 'char(8)', '是', '否', '—']);
    const indexes = within(drawer).getByTestId('datasource-indexes');
    expect([...(within(indexes).getByText('gadget_shelf_code').closest('tr') as HTMLElement).querySelectorAll('td')].map((td) => td.textContent)).toEqual(['gadget_shelf_code', 'code', '唯一']);
    expect(app.callsTo('GET /api/blade-develop/datasource/columns').map((c) => c.query)).toEqual([{ id: '1', tableName: 'gadget_shelf' }]);
  });

  it('表结构 of the embedded database; a failure shows the reason with a retry, an empty datasource says so', async () => {
    let attempts = 0;
    const app = await renderPlugin(datasourcePlugin, {
      backend: backend({
        'GET /api/blade-develop/datasource/tables': () => (++attempts === 1 ? fail('连接超时：数据库在 5 秒内没有应答') : ok([])),
      }),
    });
    const line = await screen.findByRole('region', { name: '内置数据库' });
    await app.user.click(within(line).getByRole('button', { name: '表结构' }));
    const drawer = (await screen.findByText('表结构 · 内置数据库')).closest('.arco-drawer') as HTMLElement;
    expect(await within(drawer).findByText('连接超时：数据库在 5 秒内没有应答')).toBeTruthy();
    await app.user.click(within(drawer).getByRole('button', { name: '重试' }));
    expect(await within(drawer).findByText('没有数据表')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-develop/datasource/tables').map((c) => c.query)).toEqual([{ id: '0' }, { id: '0' }]);
  });
});
