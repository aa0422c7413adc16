import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Handlers, ok, page, type RecordedCall, renderPlugin, respond } from '../../core/sdk/testing';
import datasourcePlugin from '../datasource/index';
import tenantPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const rows = [
  { id: '1', tenantId: '000000', tenantName: '管理组', linkman: 'admin', contactNumber: '666666', domainUrl: '', accountNumber: -1, expireTime: '', datasourceId: '', datasourceName: '', plugins: '*' },
  { id: '2', tenantId: '100001', tenantName: '演示租户', linkman: '<b>admin</b>', contactNumber: '', domainUrl: 'https://demo.example.com', accountNumber: 50, expireTime: '2000-01-01 00:00:00', datasourceId: '7', datasourceName: 'postgresql', plugins: 'dict,post' },
  { id: '3', tenantId: '700001', tenantName: '第三租户', linkman: 'x', contactNumber: '', domainUrl: '', accountNumber: 5, expireTime: '2999-01-01 00:00:00', datasourceId: '', datasourceName: '', plugins: '' },
];
const catalogue = [
  { id: 'dict', name: { zh: '字典管理', en: 'Dictionaries' }, requires: [] },
  { id: 'post', name: { zh: '岗位管理', en: 'Posts' }, requires: ['dict'] },
  { id: 'datasource', name: { zh: '数据源管理', en: 'Datasources' }, requires: [] },
  { id: 'tenant', name: { zh: '租户管理', en: 'Tenants' }, requires: ['datasource'] },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const fieldMessage = (dialog: HTMLElement, text: string) => within(dialog).findByText(text, { selector: '.arco-form-message *, .arco-form-message' });
const messages = () => [...document.querySelectorAll('.arco-message')].map((e) => e.textContent);
const toast = (text: string) => waitFor(() => expect(messages()).toContain(text), { timeout: 10_000 });

/** The tenant API answering from the rows above; what is posted is kept in `posted`. */
function tenantApi(posted: RecordedCall[] = []): Handlers {
  const keep = (call: RecordedCall) => {
    posted.push(call);
    return ok(null);
  };
  return {
    'GET /api/blade-system/tenant/list': (call) => page(rows.filter((r) => r.tenantName.includes(call.query.tenantName ?? ''))),
    'GET /api/blade-system/tenant/detail': (call) => ok(rows.find((r) => r.id === call.query.id)),
    'GET /api/blade-system/plugin/list': () => ok(catalogue),
    'GET /api/blade-develop/datasource/select': () => ok([{ id: '7', name: 'postgresql' }, { id: '8', name: 'mysql' }]),
    'POST /api/blade-system/tenant/submit': keep,
    'POST /api/blade-system/tenant/setting': keep,
    'POST /api/blade-system/tenant/datasource': keep,
  };
}

describe('tenant screen', () => {
  it('lists the tenants: quota, expiry (expired ones tagged), plugins by name, datasource; HTML as text', async () => {
    const app = await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi()) });
    expect(await screen.findByText('管理组')).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '租户ID', '租户名称', '联系人', '联系电话', '域名地址', '账号额度', '过期时间', '数据源', '插件', '操作']);
    const admins = rowOf('管理组');
    expect(within(admins).getByText('不限')).toBeTruthy();
    expect(within(admins).getByText('永久')).toBeTruthy();
    expect(within(admins).getByText('全部')).toBeTruthy();
    const demo = rowOf('演示租户');
    expect(within(demo).getByText('已过期')).toBeTruthy();
    expect(within(demo).getByText('<b>admin</b>')).toBeTruthy();
    expect(within(demo).getByText('postgresql')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('演示租户')).getByText('字典管理、岗位管理')).toBeTruthy());
    expect(within(rowOf('第三租户')).queryByText('已过期')).toBeNull();
    expect(within(rowOf('第三租户')).getByText('无')).toBeTruthy();

    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入租户名称'), '演示{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/tenant/list').at(-1)!.query).toMatchObject({ tenantName: '演示' }));
  });

  it('add: no tenant id to type, the rules block the save, then the row is sent', async () => {
    const posted: RecordedCall[] = [];
    const app = await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi(posted)) });
    await screen.findByText('管理组');
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: /新增租户/ });
    expect(within(dialog).queryByText('租户ID')).toBeNull();
    // The quota starts empty: left so, the server gives the tenant default (parameter tenant.default.accountNumber).
    expect(within(dialog).queryByDisplayValue('-1')).toBeNull();
    await app.user.click(within(dialog).getByTestId('crud-save'));
    for (const message of ['请输入租户名称', '请输入联系人']) expect(await fieldMessage(dialog, message)).toBeTruthy();
    await app.user.type(within(dialog).getByPlaceholderText('请输入租户名称'), '新租户');
    await app.user.type(within(dialog).getByPlaceholderText('请输入联系人'), '王五');
    await app.user.type(within(dialog).getByPlaceholderText('请输入域名地址'), 'acme.example.com');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await fieldMessage(dialog, '域名地址须为 http(s) 地址')).toBeTruthy();
    const domain = within(dialog).getByPlaceholderText('请输入域名地址');
    await app.user.clear(domain);
    await app.user.type(domain, 'https://acme.example.com');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await toast('新增成功');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ tenantName: '新租户', linkman: '王五', domainUrl: 'https://acme.example.com' });
    expect([undefined, null, '']).toContain((posted[0]!.body as Record<string, unknown>).accountNumber);
    expect(posted[0]!.body).not.toHaveProperty('tenantId');

    // Editing shows the generated id, not editable.
    await app.user.click(within(rowOf('演示租户')).getByRole('button', { name: /修\s*改/ }));
    const edit = await screen.findByRole('dialog', { name: /修改租户/ });
    expect(((await within(edit).findByDisplayValue('100001')) as HTMLInputElement).disabled).toBe(true);
  });

  it('授权配置: needs a selection; sends only what changed; required plugins come along, dependents go', async () => {
    const posted: RecordedCall[] = [];
    const app = await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi(posted)) });
    await screen.findByText('管理组');
    await app.user.click(screen.getByRole('button', { name: /授权配置/ }));
    await waitFor(() => expect(messages()).toContain('请选择至少一条数据'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await app.user.click(within(rowOf('演示租户')).getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: /授权配置/ }));
    const dialog = await screen.findByRole('dialog', { name: /授权配置：演示租户/ });
    const quota = within(dialog).getByRole('spinbutton', { name: '账号额度' }) as HTMLInputElement;
    expect(quota.value).toBe('50');
    const box = (name: RegExp) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box(/^字典管理/).checked).toBe(true));
    expect([box(/^岗位管理/).checked, box(/^数据源管理/).checked, box(/^租户管理/).checked, box(/全部插件/).checked]).toEqual([true, false, false, false]);
    expect(within(dialog).getByText(/需要：数据源管理/)).toBeTruthy();

    // Nothing changed: nothing sent.
    await app.user.click(within(dialog).getByTestId('tenant-setting-save'));
    await waitFor(() => expect(messages()).toContain('没有修改任何配置'));
    expect(posted).toHaveLength(0);

    await app.user.click(box(/^租户管理/));
    expect(box(/^数据源管理/).checked).toBe(true);
    expect(within(dialog).getByText('已一并选中所需的插件：数据源管理')).toBeTruthy();
    await app.user.click(box(/^字典管理/));
    expect(box(/^岗位管理/).checked).toBe(false);
    expect(within(dialog).getByText('已一并取消需要它的插件：岗位管理')).toBeTruthy();
    await app.user.clear(quota);
    await app.user.type(quota, '20');
    // The expiry: cleared means never.
    expect(within(dialog).getByDisplayValue('2000-01-01 00:00:00')).toBeTruthy();
    fireEvent.click(dialog.querySelector('.arco-picker-clear-icon') as HTMLElement);
    await app.user.click(within(dialog).getByTestId('tenant-setting-save'));
    await toast('配置成功');
    expect(posted.map((c) => c.query)).toEqual([{ ids: '2', accountNumber: '20', expireTime: '', plugins: 'datasource,tenant' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('授权配置 for several tenants: differing values start empty; only what was set is sent (all plugins: plugins=*); Enter saves, Esc closes', async () => {
    const posted: RecordedCall[] = [];
    const app = await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi(posted)) });
    await screen.findByText('管理组');
    await app.user.click(within(rowOf('演示租户')).getByRole('checkbox'));
    await app.user.click(within(rowOf('第三租户')).getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: /授权配置/ }));
    let dialog = await screen.findByRole('dialog', { name: /2 个租户/ });
    expect(within(dialog).getByText(/没有修改的项保持各租户原来的值/)).toBeTruthy();
    expect((within(dialog).getByRole('spinbutton', { name: '账号额度' }) as HTMLInputElement).value).toBe('');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await app.user.click(screen.getByRole('button', { name: /授权配置/ }));
    dialog = await screen.findByRole('dialog', { name: /2 个租户/ });
    const all = (await within(dialog).findByRole('checkbox', { name: /全部插件/ })) as HTMLInputElement;
    await app.user.click(all);
    expect((within(dialog).getByRole('checkbox', { name: /^字典管理/ }) as HTMLInputElement).disabled).toBe(true);
    // Enter in the quota saves.
    await app.user.type(within(dialog).getByRole('spinbutton', { name: '账号额度' }), '9{Enter}');
    await toast('配置成功');
    expect(posted.map((c) => c.query)).toEqual([{ ids: '2,3', accountNumber: '9', plugins: '*' }]);
  });

  it('数据源: choose one from datasource/select and save through tenant/datasource; clearing unbinds', async () => {
    const posted: RecordedCall[] = [];
    const app = await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi(posted)) });
    await screen.findByText('管理组');
    await app.user.click(within(rowOf('管理组')).getByRole('button', { name: /数据源/ }));
    let dialog = await screen.findByRole('dialog', { name: /数据源：管理组/ });
    await within(dialog).findByText('清空即解除绑定');
    await app.user.click(dialog.querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('mysql', { selector: '.arco-select-option, .arco-select-option *' }));
    await app.user.click(within(dialog).getByTestId('tenant-datasource-save'));
    await toast('数据源已保存');
    expect(posted.map((c) => c.query)).toEqual([{ tenantId: '000000', datasourceId: '8' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await app.user.click(within(rowOf('演示租户')).getByRole('button', { name: /数据源/ }));
    dialog = await screen.findByRole('dialog', { name: /数据源：演示租户/ });
    expect(await within(dialog).findByText('postgresql')).toBeTruthy(); // the bound one, chosen
    fireEvent.click(dialog.querySelector('.arco-select-clear-icon') as HTMLElement);
    await app.user.click(within(dialog).getByTestId('tenant-datasource-save'));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.query).toEqual({ tenantId: '100001', datasourceId: '' });
  });

  it('tenant and tenant_view only: no add, edit, delete, settings or datasource buttons', async () => {
    await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi()), user: { permissions: ['tenant', 'tenant_view'] } });
    expect(await screen.findByText('管理组')).toBeTruthy();
    for (const name of [/新\s*增/, /修\s*改/, /删\s*除/, /授权配置/, /^数据源$/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(3);
  });

  it('in English: the labels and the settings dialog', async () => {
    const app = await renderPlugin(tenantPlugin, { with: [datasourcePlugin], backend: respond(tenantApi()), language: 'en' });
    await screen.findByText('管理组');
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', 'Tenant id', 'Name', 'Contact', 'Phone', 'Domain', 'Account quota', 'Expires', 'Datasource', 'Plugins', 'Actions']);
    expect(within(rowOf('管理组')).getByText('Unlimited')).toBeTruthy();
    await app.user.click(within(rowOf('第三租户')).getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = await screen.findByRole('dialog', { name: /Settings: 第三租户/ });
    expect(await within(dialog).findByText('All plugins (including ones installed later)')).toBeTruthy();
    expect(within(dialog).getByText('(needs Datasources)')).toBeTruthy();
  });
});
