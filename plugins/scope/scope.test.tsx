import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { definePlugin } from '../../core/sdk/shared';
import { drawerOpened, fail, ok, page, type RecordedCall, renderPlugin, respond } from '../../core/sdk/testing';
import scopePlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

// The screens call the menu plugin's API over HTTP (answered below); only its presence is required here.
const menuStub = definePlugin({ id: 'menu', name: { zh: '菜单管理', en: 'Menus' } });

const MENUS = [
  {
    id: '10', parentId: '0', code: 'system', name: '系统管理', nameEn: 'System', path: '/system', sort: 99,
    children: [
      { id: '11', parentId: '10', code: 'param', name: '参数管理', nameEn: 'Parameters', path: '/system/param', sort: 6 },
      { id: '12', parentId: '10', code: 'dict', name: '字典管理', nameEn: 'Dictionaries', path: '/system/dict', sort: 3 },
    ],
  },
];

const DATA_SCOPES = [
  { id: '101', menuId: '11', resourceCode: 'param', scopeName: '本人参数', scopeField: '*', scopeClass: '', scopeColumn: 'create_user', scopeType: 2, scopeTypeName: '本人可见', scopeValue: '', remark: '' },
  { id: '102', menuId: '11', resourceCode: 'param', scopeName: '自定义参数', scopeField: '*', scopeClass: '', scopeColumn: 'create_dept', scopeType: 5, scopeTypeName: '自定义', scopeValue: 'create_user = ${userId}', remark: '' },
];

/**
 * The dialog titled `title`, once it has zoomed in. Arco gives an opened dialog's frame the focus on a
 * timer, which would take keys typed sooner; the zoom-in ends after it.
 */
const dialogOpened = async (title: string) => {
  const dialog = (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;
  await waitFor(() => expect(dialog.classList.contains('zoomModal-enter-done')).toBe(true));
  return dialog;
};
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const formItem = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'label, label *' }).closest('.arco-form-item') as HTMLElement;
const choose = async (scope: HTMLElement, label: string, option: string) => {
  fireEvent.click(formItem(scope, label).querySelector('.arco-select-view') as HTMLElement);
  fireEvent.click(await screen.findByText(option, { selector: '.arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' }));
};

function backend(extra: Record<string, (call: RecordedCall) => unknown> = {}) {
  return respond({
    'GET /api/blade-system/menu/menu-list': (call) => ok(call.query.name ? [{ ...MENUS[0]!.children[0]!, parentId: '0' }] : MENUS),
    'GET /api/blade-system/data-scope/list': (call) => page(DATA_SCOPES.filter((s) => s.menuId === call.query.menuId)),
    'GET /api/blade-system/data-scope/detail': (call) => ok(DATA_SCOPES.find((s) => s.id === call.query.id)),
    'GET /api/blade-system/api-scope/list': () => page([]),
    ...extra,
  });
}

describe('data scopes screen', () => {
  it('lists the menus as a tree; 权限配置 opens the menu’s scopes in a drawer', async () => {
    const app = await renderPlugin(scopePlugin, { with: [menuStub], backend: backend(), route: '/authority/datascope' });
    expect(await screen.findByText('参数管理')).toBeTruthy();
    expect(screen.getByText('/system/dict')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/menu/menu-list')).toHaveLength(1);

    await app.user.type(screen.getByPlaceholderText('请输入菜单名称'), '参数{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/menu/menu-list').at(-1)!.query).toEqual({ name: '参数' }));
    await waitFor(() => expect(screen.queryByText('字典管理')).toBeNull());

    await app.user.click(within(rowOf('参数管理')).getByRole('button', { name: /权限配置/ }));
    const drawer = await drawerOpened((await screen.findByText('参数管理 · 数据权限')).closest('.arco-drawer') as HTMLElement);
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/data-scope/list').at(-1)!.query).toEqual({ current: '1', size: '10', menuId: '11' }));
    expect(await within(drawer).findByText('本人参数')).toBeTruthy();
    expect(within(rowOf('本人参数')).getByText('本人可见')).toBeTruthy();
    expect(within(rowOf('自定义参数')).getByText('自定义')).toBeTruthy();

    // View a custom scope: its rule is shown, read-only.
    await app.user.click(within(rowOf('自定义参数')).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByText('查看数据权限 · 参数管理').then((el) => el.closest('[role="dialog"]') as HTMLElement);
    expect(((await within(dialog).findByDisplayValue('create_user = ${userId}')) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('adds a scope: the resource code from the menu, the column follows the type, the rule only for the custom type', async () => {
    let refuse = true;
    const app = await renderPlugin(scopePlugin, {
      with: [menuStub],
      route: '/authority/datascope',
      backend: backend({
        'POST /api/blade-system/data-scope/submit': () => (refuse ? fail('自定义规则格式错误: 缺少 ")"') : ok(null)),
      }),
    });
    await screen.findByText('参数管理');
    await app.user.click(within(rowOf('参数管理')).getByRole('button', { name: /权限配置/ }));
    await drawerOpened(await screen.findByText('本人参数'));
    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await dialogOpened('新增数据权限 · 参数管理');
    expect(within(dialog).getByDisplayValue('param')).toBeTruthy(); // resourceCode
    expect(within(dialog).getByDisplayValue('create_dept')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('*')).toBeTruthy();
    expect(within(dialog).queryByText('规则值')).toBeNull();

    await choose(dialog, '规则类型', '本人可见');
    await waitFor(() => expect(within(dialog).getByDisplayValue('create_user')).toBeTruthy());
    await choose(dialog, '规则类型', '自定义');
    await waitFor(() => expect(within(dialog).getByDisplayValue('create_dept')).toBeTruthy());
    expect(within(dialog).getByText('规则值')).toBeTruthy();
    expect(within(dialog).getByText(/规则写法/)).toBeTruthy();

    await app.user.type(within(dialog).getByPlaceholderText('请输入权限名称'), '只看本人');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入规则值')).toBeTruthy();
    const rule = within(dialog).getByLabelText('规则值', { selector: 'textarea' }) as HTMLTextAreaElement;
    await app.user.type(rule, '(create_user =');
    await app.user.click(within(dialog).getByRole('button', { name: '插入 ${userId}' }));
    expect(rule.value).toBe('(create_user = ${userId}');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('自定义规则格式错误: 缺少 ")"')).toBeTruthy(); // the server's parser
    expect(screen.getByText('新增数据权限 · 参数管理')).toBeTruthy(); // still open, still filled
    expect(rule.value).toBe('(create_user = ${userId}');

    refuse = false;
    await app.user.type(rule, ')');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/data-scope/submit').at(-1)!.body).toEqual({
      menuId: '11', scopeName: '只看本人', resourceCode: 'param', scopeType: 5, scopeColumn: 'create_dept', scopeField: '*', scopeValue: '(create_user = ${userId})',
    });
  });

  it('edits a scope and deletes one after the confirm; switching away from custom clears the rule', async () => {
    const app = await renderPlugin(scopePlugin, {
      with: [menuStub],
      route: '/authority/datascope',
      backend: backend({
        'POST /api/blade-system/data-scope/submit': () => ok(null),
        'POST /api/blade-system/data-scope/remove': () => ok(null),
      }),
    });
    await screen.findByText('参数管理');
    await app.user.click(within(rowOf('参数管理')).getByRole('button', { name: /权限配置/ }));
    await drawerOpened(await screen.findByText('自定义参数'));
    // Esc closes the dialog, not the drawer under it.
    await app.user.click(within(rowOf('自定义参数')).getByRole('button', { name: /查\s*看/ }));
    // (Arco moves the focus into an opened dialog on a timer; the key is sent inside it directly.)
    fireEvent.keyDown(await screen.findByText('查看数据权限 · 参数管理'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByText('查看数据权限 · 参数管理')).toBeNull());
    expect(screen.getByText('参数管理 · 数据权限')).toBeTruthy();

    await app.user.click(within(rowOf('自定义参数')).getByRole('button', { name: /修\s*改/ }));
    const dialog = (await screen.findByText('修改数据权限 · 参数管理')).closest('[role="dialog"]') as HTMLElement;
    expect(await within(dialog).findByDisplayValue('create_user = ${userId}')).toBeTruthy();
    await choose(dialog, '规则类型', '所在机构及子级可见');
    await waitFor(() => expect(within(dialog).queryByText('规则值')).toBeNull());
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/data-scope/submit')[0]!.body).toMatchObject({ id: '102', menuId: '11', scopeType: 4, scopeValue: '' });

    await app.user.click(within(rowOf('本人参数')).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/data-scope/remove')[0]!.query).toEqual({ ids: '101' });
  });
});

describe('API scopes screen', () => {
  it('adds an API scope: the path rule, the resource code from the menu; English texts', async () => {
    const saved: unknown[] = [];
    const app = await renderPlugin(scopePlugin, {
      with: [menuStub],
      route: '/authority/apiscope',
      language: 'en',
      backend: backend({
        'POST /api/blade-system/api-scope/submit': (call) => {
          saved.push(call.body);
          return ok(null);
        },
      }),
    });
    expect(await screen.findByText('Parameters')).toBeTruthy(); // the English menu name
    await app.user.click(within(rowOf('Parameters')).getByRole('button', { name: /Scopes/ }));
    expect(await drawerOpened(await screen.findByText('Parameters · API scopes'))).toBeTruthy();
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/api-scope/list').at(-1)!.query).toMatchObject({ menuId: '11' }));
    expect(await screen.findByText('No data')).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: /^Add$/ }));
    const dialog = await dialogOpened('Add api scope · Parameters');
    expect(within(dialog).getByDisplayValue('param')).toBeTruthy();
    await app.user.type(within(dialog).getByPlaceholderText('Enter the name'), '参数接口');
    const path = within(dialog).getByPlaceholderText('Enter the api path');
    await app.user.type(path, 'blade-system/param');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('A path starts with / and has no spaces')).toBeTruthy();
    await app.user.clear(path);
    await app.user.type(path, '/blade-system/param');
    expect((path as HTMLInputElement).value).toBe('/blade-system/param');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    // Waits on the call, not on the toast: a toast can come and go while a loaded machine catches up.
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    expect(saved).toEqual([{ menuId: '11', scopeName: '参数接口', resourceCode: 'param', scopePath: '/blade-system/param', scopeType: 1 }]);
  });

  it('without the setting button there is no way to the scopes', async () => {
    await renderPlugin(scopePlugin, { with: [menuStub], route: '/authority/apiscope', backend: backend(), user: { permissions: ['api_scope', 'api_scope_view'] } });
    expect(await screen.findByText('参数管理')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /权限配置/ })).toBeNull();
  });
});
