import { afterEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, reply, respond, type Handlers } from '../../core/sdk/testing';
import type { GenField } from './spec';
import datasourcePlugin from '../datasource/index';
import dictPlugin from '../dict/index';
import codePlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const BASE = '/api/blade-develop/code';
const field = (column: string, columnType: string, name: string, zh: string, en: string, more: Partial<GenField> = {}): GenField => ({
  column,
  columnType,
  include: true,
  name,
  type: 'string',
  label: { zh, en },
  required: false,
  maxLength: 64,
  min: null,
  max: null,
  dict: '',
  search: '',
  list: true,
  form: true,
  sortable: false,
  unique: false,
  ...more,
});
const FIELDS: GenField[] = [
  field('id', 'int8', 'id', '主键', 'Id', { include: false, type: 'id', maxLength: null }),
  field('customer_name', 'varchar(64)', 'customerName', '客户名称', 'Customer name', { required: true, search: 'like' }),
  field('level', 'int2', 'level', '客户等级', 'Level', { type: 'select', dict: 'customer_level', maxLength: null }),
];
const record = {
  id: '11',
  codeName: '客户管理',
  codeNameEn: 'Customers',
  pluginId: 'crm',
  serviceName: 'blade-crm',
  datasourceId: '0',
  tableName: 'crm_customer',
  tablePrefix: 'crm_',
  pkName: 'id',
  entityName: 'customer',
  menuParent: 'own',
  menuIcon: 'user-group',
  menuSort: 10,
  baseMode: 2,
  tenantMode: 2,
  treeMode: 1,
  treeParent: '',
  treeTitle: '',
  demoRows: 5,
  fields: JSON.stringify(FIELDS),
  remark: '',
  createTime: '2024-05-01 10:00:00',
};
const other = { ...record, id: '12', codeName: '订单管理', codeNameEn: 'Orders', pluginId: 'shop-order', tableName: 'shop_order', baseMode: 1, treeMode: 2, createTime: '2024-05-02 10:00:00' };
const datasources = [
  { id: '7', name: 'mysql-legacy', kind: 'mysql', readable: false },
  { id: '0', name: '内置数据库', kind: 'embedded', readable: true },
];
const tables = [
  { name: 'crm_customer', comment: '客户', estimatedRows: 12, platform: false },
  { name: 'blade_user', comment: '用户表', estimatedRows: 3, platform: true },
];
const proposal = {
  table: { name: 'crm_customer', comment: '客户', columns: [], indexes: [] },
  record: { pluginId: 'crm-customer', entityName: 'customer', codeName: '客户', codeNameEn: 'Customer', serviceName: 'blade-customer', tablePrefix: 'crm_', pkName: 'id', baseMode: 2, tenantMode: 2, treeMode: 1, treeParent: '', treeTitle: '' },
  fields: FIELDS,
};
const files = [
  { path: 'plugins/crm/index.ts', content: "export const customerEntity = defineEntity({\n  label: { zh: '客户', en: 'Customer' },\n});\n" },
  { path: 'plugins/crm/server.ts', content: 'export default defineServerPlugin(crmPlugin, {});\n' },
  { path: 'plugins/crm/crm.server.test.ts', content: "test('lists', () => {});\n" },
];

/** The calls every test of the screen answers: the list, the datasource select, the dictionaries. */
const base = (more: Handlers = {}): Handlers => ({
  [`GET ${BASE}/list`]: (call) => page([record, other].filter((r) => !call.query.pluginId || r.pluginId.includes(call.query.pluginId))),
  [`GET ${BASE}/datasources`]: () => ok(datasources),
  'GET /api/blade-system/dict/parent-list': () => page([{ id: '1', code: 'customer_level', dictValue: '客户等级' }, { id: '2', code: 'sex', dictValue: '性别' }]),
  ...more,
});
const render = (more: Handlers = {}, language: 'zh' | 'en' = 'zh') => renderPlugin(codePlugin, { backend: respond(base(more)), with: [datasourcePlugin, dictPlugin], route: '/tool/code', user: { roles: ['administrator'] }, language });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text));
const chooseOption = async (select: HTMLElement, text: string) => {
  fireEvent.click(select.closest('.arco-select')!.querySelector('.arco-select-view')!);
  fireEvent.click(await screen.findByText(text, { selector: '.arco-select-option *, .arco-select-option' }));
};
const optionOf = (text: string) => screen.getByText(text, { selector: '.arco-select-option *' }).closest('.arco-select-option') as HTMLElement;

afterEach(() => {
  rs.restoreAllMocks();
});

describe('code records list', () => {
  it('shows module, plugin id, the datasource by name, table, the options as tags and the create time; searches by plugin id', async () => {
    const app = await render();
    expect(await screen.findByText('客户管理')).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '模块名', '插件编号', '数据源', '表名', '基础业务', '多租户', '树形', '创建时间', '操作']);
    const row = rowOf('客户管理');
    await within(row).findByText('内置数据库');
    expect(within(row).getByText('crm_customer')).toBeTruthy();
    expect(within(row).getAllByText('是').every((tag) => tag.closest('.arco-tag'))).toBe(true);
    expect(within(row).getByText('2024-05-01 10:00:00')).toBeTruthy();
    for (const label of ['设计', '复制', '预览', '生成', '删除']) expect(within(row).getByRole('button', { name: new RegExp(label.split('').join('\\s*')) })).toBeTruthy();

    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入插件编号'), 'shop{Enter}');
    await waitFor(() => expect(app.callsTo(`GET ${BASE}/list`).at(-1)!.query).toMatchObject({ pluginId: 'shop' }));
    await waitFor(() => expect(screen.queryByText('客户管理')).toBeNull());
  });

  it('复制 asks the server for a copy, says so and reloads the list', async () => {
    const copies: string[] = [];
    const app = await render({
      [`POST ${BASE}/copy`]: (call) => {
        copies.push(call.query.id!);
        return ok('99');
      },
    });
    await screen.findByText('客户管理');
    const before = app.callsTo(`GET ${BASE}/list`).length;
    fireEvent.click(within(rowOf('客户管理')).getByTestId('code-copy'));
    await toast('已复制为「客户管理-copy」');
    expect(copies).toEqual(['11']);
    await waitFor(() => expect(app.callsTo(`GET ${BASE}/list`).length).toBeGreaterThan(before));
  });
});

describe('新增 from a table', () => {
  it('chooses the datasource (unreadable ones disabled with the reason) and a table (platform ones disabled), then the proposal is reviewed and saved with its fields', async () => {
    const saved: Record<string, unknown>[] = [];
    let refuse = true;
    const app = await render({
      [`GET ${BASE}/tables`]: (call) => (call.query.datasourceId === '0' ? ok(tables) : fail('目前只能连接 PostgreSQL 数据源')),
      [`GET ${BASE}/propose`]: () => ok(proposal),
      [`POST ${BASE}/submit`]: (call) => {
        saved.push(call.body as Record<string, unknown>);
        if (refuse) {
          refuse = false;
          return fail('插件编号已被其他记录使用');
        }
        return ok(null);
      },
    });
    await screen.findByText('客户管理');
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: /从数据表新增/ });

    // The embedded database is chosen already; a MySQL datasource is listed, disabled, saying why.
    fireEvent.click(within(dialog).getByLabelText('数据源').closest('.arco-select')!.querySelector('.arco-select-view')!);
    const mysql = optionOf('mysql-legacy');
    expect(mysql.className).toContain('disabled');
    expect(mysql.textContent).toContain('目前只能连接 PostgreSQL 数据源');
    fireEvent.click(within(optionOf('内置数据库')).getByText('内置数据库'));

    await waitFor(() => expect(app.callsTo(`GET ${BASE}/tables`).at(-1)?.query).toEqual({ datasourceId: '0' }));
    fireEvent.click(within(dialog).getByLabelText('数据表').closest('.arco-select')!.querySelector('.arco-select-view')!);
    const platform = (await screen.findByText('blade_user', { selector: '.arco-select-option *' })).closest('.arco-select-option') as HTMLElement;
    expect(platform.className).toContain('disabled');
    expect(within(platform).getByText('平台表')).toBeTruthy();
    expect(optionOf('crm_customer').textContent).toContain('约 12 行');
    fireEvent.click(within(optionOf('crm_customer')).getByText('crm_customer'));
    await app.user.type(within(dialog).getByLabelText('表前缀'), 'crm_');
    await app.user.click(within(dialog).getByTestId('code-propose'));
    await waitFor(() => expect(app.callsTo(`GET ${BASE}/propose`).at(-1)?.query).toEqual({ datasourceId: '0', tableName: 'crm_customer', tablePrefix: 'crm_' }));

    // The designer shows the proposal, nothing saved yet.
    const designer = await screen.findByTestId('code-designer');
    expect(within(designer).getByDisplayValue('crm-customer')).toBeTruthy();
    expect(saved).toHaveLength(0);
    const label = within(designer).getByLabelText('中文标签 customer_name');
    await app.user.clear(label);
    await app.user.type(label, '客户全称');
    await app.user.click(within(designer).getByLabelText('包含 level'));
    expect(within(designer).getByLabelText('包含 level').closest('tr')!.className).toContain('code-field-excluded');

    // A refusal shows at the top; everything typed stays.
    await app.user.click(within(designer).getByTestId('code-save'));
    expect((await within(designer).findByTestId('code-save-error')).textContent).toContain('插件编号已被其他记录使用');
    expect((within(designer).getByLabelText('中文标签 customer_name') as HTMLInputElement).value).toBe('客户全称');
    expect(within(designer).getByDisplayValue('crm-customer')).toBeTruthy();

    await app.user.click(within(designer).getByTestId('code-save'));
    await toast('已保存');
    expect(saved).toHaveLength(2);
    const body = saved[1]!;
    expect(body).toMatchObject({ datasourceId: '0', tableName: 'crm_customer', tablePrefix: 'crm_', pluginId: 'crm-customer', entityName: 'customer', codeName: '客户' });
    expect(body.id).toBeUndefined();
    const sent = JSON.parse(String(body.fields)) as GenField[];
    expect(sent.map((f) => [f.column, f.include, f.label.zh])).toEqual([
      ['id', false, '主键'],
      ['customer_name', true, '客户全称'],
      ['level', false, '客户等级'],
    ]);
    await waitFor(() => expect(within(designer).queryByTestId('code-save-error')).toBeNull());
  });
});

describe('the designer', () => {
  const designFirst = async (more: Handlers = {}) => {
    const saved: Record<string, unknown>[] = [];
    const app = await render({
      [`GET ${BASE}/detail`]: () => ok(record),
      [`POST ${BASE}/submit`]: (call) => {
        saved.push(call.body as Record<string, unknown>);
        return ok(null);
      },
      ...more,
    });
    await screen.findByText('客户管理');
    fireEvent.click(within(rowOf('客户管理')).getByTestId('code-design'));
    const designer = await screen.findByTestId('code-designer');
    await within(designer).findByLabelText('中文标签 customer_name');
    return { app, designer, saved };
  };

  it('edits the fields column by column and saves them as JSON with Ctrl+S', async () => {
    const { app, designer, saved } = await designFirst();
    expect(screen.getByText('设计「客户管理」')).toBeTruthy();
    const en = within(designer).getByLabelText('英文标签 customer_name');
    await app.user.clear(en);
    await app.user.type(en, 'Full name');
    await chooseOption(within(designer).getByLabelText('类型 customer_name'), '多行文本');
    await chooseOption(within(designer).getByLabelText('搜索 customer_name'), '等于');
    await app.user.click(within(designer).getByLabelText('排序 customer_name'));
    await app.user.click(within(designer).getByLabelText('唯一 customer_name'));
    await chooseOption(within(designer).getByLabelText('字典 level'), '性别 (sex)');
    const max = within(designer).getByLabelText('最大长度 customer_name');
    await app.user.clear(max);
    await app.user.type(max, '200');
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    await toast('已保存');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: '11', pluginId: 'crm', codeName: '客户管理' });
    const sent = JSON.parse(String(saved[0]!.fields)) as GenField[];
    expect(sent[1]).toMatchObject({ name: 'customerName', type: 'text', label: { zh: '客户名称', en: 'Full name' }, search: 'equal', sortable: true, unique: true, maxLength: 200 });
    expect(sent[2]).toMatchObject({ dict: 'sex', type: 'select' });
  });

  it('a tree needs its parent and title chosen among the fields', async () => {
    const { app, designer, saved } = await designFirst();
    expect(within(designer).queryByLabelText('父级字段')).toBeNull();
    await chooseOption(within(designer).getByText('树形', { selector: 'label *, label' }).closest('.arco-form-item')!.querySelector('.arco-select') as HTMLElement, '是');
    const parent = await within(designer).findByLabelText('父级字段');
    await app.user.click(within(designer).getByTestId('code-save'));
    await waitFor(() => expect(designer.querySelectorAll('.arco-form-message').length).toBeGreaterThan(0));
    expect(saved).toHaveLength(0);
    await chooseOption(parent, 'level (客户等级)');
    await chooseOption(within(designer).getByLabelText('节点标题字段'), 'customerName (客户名称)');
    await app.user.click(within(designer).getByTestId('code-save'));
    await toast('已保存');
    expect(saved[0]).toMatchObject({ treeMode: 2, treeParent: 'level', treeTitle: 'customerName' });
  });

  it('从表结构重新读取 asks first, then replaces the fields with the proposal', async () => {
    const changed = { ...proposal, fields: [...FIELDS, field('phone', 'varchar(20)', 'phone', '电话', 'Phone')] };
    const { app, designer } = await designFirst({ [`GET ${BASE}/propose`]: () => ok(changed) });
    const zh = within(designer).getByLabelText('中文标签 customer_name');
    await app.user.clear(zh);
    await app.user.type(zh, '改过的');
    await app.user.click(within(designer).getByTestId('code-repropose'));
    const confirm = await screen.findByText('按数据表的当前结构重新生成字段配置？你对字段做的修改将被替换。');
    // Cancelled: nothing is asked, nothing replaced.
    await app.user.click(within(confirm.closest('.arco-modal') as HTMLElement).getByRole('button', { name: /取\s*消/ }));
    expect(app.callsTo(`GET ${BASE}/propose`)).toHaveLength(0);
    expect((within(designer).getByLabelText('中文标签 customer_name') as HTMLInputElement).value).toBe('改过的');

    await app.user.click(within(designer).getByTestId('code-repropose'));
    const again = await screen.findByText('按数据表的当前结构重新生成字段配置？你对字段做的修改将被替换。');
    await app.user.click(within(again.closest('.arco-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await within(designer).findByLabelText('中文标签 phone');
    expect(app.callsTo(`GET ${BASE}/propose`).at(-1)!.query).toEqual({ datasourceId: '0', tableName: 'crm_customer', tablePrefix: 'crm_' });
    expect((within(designer).getByLabelText('中文标签 customer_name') as HTMLInputElement).value).toBe('客户名称');
  });
});

describe('preview and generation', () => {
  it('预览 shows the files as a tree and the chosen file’s code; a refusal shows its reason', async () => {
    let refuse = false;
    const app = await render({ [`GET ${BASE}/preview`]: () => (refuse ? fail('数据表 crm_customer 不存在') : ok(files)) });
    await screen.findByText('客户管理');
    fireEvent.click(within(rowOf('客户管理')).getByTestId('code-preview'));
    const preview = await screen.findByTestId('code-preview-files');
    expect(within(preview).getByRole('tree')).toBeTruthy();
    expect(within(preview).getByText('3 个文件')).toBeTruthy();
    expect(screen.getByTestId('code-file-path').textContent).toBe('plugins/crm/index.ts');
    expect(screen.getByTestId('code-file-text').textContent).toBe(files[0]!.content);
    await app.user.click(within(preview).getByRole('button', { name: /server\.ts/ }));
    expect(screen.getByTestId('code-file-text').textContent).toBe(files[1]!.content);
    expect(app.callsTo(`GET ${BASE}/preview`)[0]!.query).toEqual({ id: '11' });

    refuse = true;
    fireEvent.click(preview.closest('.arco-drawer')!.querySelector('.arco-drawer-close-icon')!);
    await waitFor(() => expect(screen.queryByTestId('code-preview-files')).toBeNull());
    fireEvent.click(within(rowOf('订单管理')).getByTestId('code-preview'));
    expect((await screen.findByTestId('code-preview-error')).textContent).toBe('数据表 crm_customer 不存在');
  });

  it('生成 downloads the zip under the name the server gives; 批量生成 sends the selected ids; a refusal is said with its reason', async () => {
    const names: string[] = [];
    const blobs: Blob[] = [];
    rs.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:zip'), revokeObjectURL: () => undefined }));
    rs.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    let refuse = false;
    const app = await render({
      [`POST ${BASE}/gen-code`]: (call) =>
        refuse
          ? fail('表 shop_order 已不存在')
          : reply({ body: 'PK-zip-bytes', headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${call.query.ids!.includes(',') ? 'plugins' : 'crm'}.zip"` } }),
    });
    await screen.findByText('客户管理');
    fireEvent.click(within(rowOf('客户管理')).getByTestId('code-generate'));
    await waitFor(() => expect(names).toEqual(['crm.zip']));
    expect(await blobs[0]!.text()).toBe('PK-zip-bytes');
    expect(app.callsTo(`POST ${BASE}/gen-code`)[0]!.query).toEqual({ ids: '11' });

    await app.user.click(within(rowOf('客户管理')).getByRole('checkbox'));
    await app.user.click(within(rowOf('订单管理')).getByRole('checkbox'));
    await app.user.click(screen.getByTestId('code-generate-selected'));
    await waitFor(() => expect(names).toEqual(['crm.zip', 'plugins.zip']));
    expect(app.callsTo(`POST ${BASE}/gen-code`)[1]!.query).toEqual({ ids: '11,12' });

    refuse = true;
    fireEvent.click(within(rowOf('订单管理')).getByTestId('code-generate'));
    const modal = (await screen.findByText('生成失败')).closest('.arco-modal') as HTMLElement;
    expect(within(modal).getByText('表 shop_order 已不存在')).toBeTruthy();
    expect(names).toHaveLength(2);
  });

  it('reads in English', async () => {
    await render({}, 'en');
    expect(await screen.findByText('客户管理')).toBeTruthy();
    const row = rowOf('客户管理');
    for (const label of ['Design', 'Copy', 'Preview', 'Generate']) expect(within(row).getByRole('button', { name: label })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate selected' })).toBeTruthy();
    expect([...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim())).toContain('Created');
  });
});
