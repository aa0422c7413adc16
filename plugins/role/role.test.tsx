import { describe, expect, it as baseIt, test } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, type Handlers, ok, renderPlugin, respond } from '../../core/sdk/testing';
import rolePlugin from './index';
import { display, filterTree, indexTree, initialChecked, toggle, type GrantNode } from './screens/grant-tree';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const manager = { id: '3', tenantId: '000000', parentId: '2', parentName: '人事', roleName: '经理', roleAlias: 'manager', sort: 1, isDeleted: 0 };
const roles = [
  { id: '1', tenantId: '000000', parentId: '0', parentName: '顶级', roleName: '超级管理员', roleAlias: 'administrator', sort: 1, isDeleted: 0 },
  { id: '2', tenantId: '000000', parentId: '0', parentName: '顶级', roleName: '人事', roleAlias: 'hr', sort: 2, isDeleted: 0, children: [manager] },
];

const node = (id: string, parentId: string, title: string, titleEn: string, kind: GrantNode['kind'], children?: GrantNode[]): GrantNode => ({
  id,
  parentId,
  title,
  titleEn,
  key: id,
  value: id,
  kind,
  ...(children ? { children } : {}),
});
const menuTree = [
  node('10', '0', '系统管理', 'System', 'menu', [
    node('11', '10', '参数管理', 'Parameters', 'menu', [node('12', '11', '新增', 'Add', 'button'), node('13', '11', '查看', 'View', 'button')]),
    node('14', '10', '字典管理', 'Dictionaries', 'menu'),
  ]),
];
const trees = {
  menu: menuTree,
  dataScope: [node('11', '0', '参数管理', 'Parameters', 'menu', [node('21', '11', '全部参数', '', 'scope'), node('22', '11', '本人参数', '', 'scope')])],
  apiScope: [node('11', '0', '参数管理', 'Parameters', 'menu', [node('31', '11', '参数详情', '', 'scope')])],
};
// '99' is a menu the dialog cannot show (another plugin's, say): never sent back.
const keys = { menu: ['10', '11', '13', '99'], dataScope: ['21'], apiScope: [] };

const handlers = (extra: Handlers = {}): Handlers => ({
  'GET /api/blade-system/role/list': () => ok(roles),
  'GET /api/blade-system/menu/grant-tree': () => ok(trees),
  'GET /api/blade-system/menu/role-tree-keys': () => ok(keys),
  'POST /api/blade-system/role/grant': () => ok(null),
  ...extra,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** The open tab of the dialog (the others stay mounted, hidden). */
const pane = (dialog: HTMLElement) => (dialog.querySelector('.arco-tabs-content-item-active') as HTMLElement | null) ?? dialog;
const treeNode = (dialog: HTMLElement, text: string) => within(pane(dialog)).getByText(text).closest('.arco-tree-node') as HTMLElement;
const checkbox = (el: HTMLElement) => el.querySelector('.arco-checkbox') as HTMLElement;
const state = (dialog: HTMLElement, text: string) => {
  const box = checkbox(treeNode(dialog, text));
  return box.classList.contains('arco-checkbox-checked') ? 'checked' : box.classList.contains('arco-checkbox-indeterminate') ? 'half' : 'off';
};
const sorted = (list: unknown) => [...(list as string[])].sort();

async function openGrant(app: Awaited<ReturnType<typeof renderPlugin>>, roleName: string) {
  expect(await screen.findByText(roleName)).toBeTruthy();
  await app.user.click(within(rowOf(roleName)).getByRole('button', { name: /权限设置/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('系统管理');
  return dialog;
}

describe('roles screen', () => {
  it('draws the role tree with name, alias and order; a child row under its parent', async () => {
    await renderPlugin(rolePlugin, { backend: respond(handlers()) });
    expect(await screen.findByText('超级管理员')).toBeTruthy();
    expect(await screen.findByText('经理')).toBeTruthy(); // the child row, expanded
    expect(within(rowOf('人事')).getByText('hr')).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '角色名称', '角色别名', '角色排序', '操作']);
  });

  it('add child gives the parent by name; the body carries the parentId', async () => {
    const app = await renderPlugin(rolePlugin, { backend: respond(handlers({ 'POST /api/blade-system/role/submit': () => ok(null) })) });
    expect(await screen.findByText('人事')).toBeTruthy();
    await app.user.click(within(rowOf('人事')).getByRole('button', { name: /新增子项/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('人事')).toBeTruthy();
    await app.user.type(within(dialog).getByPlaceholderText('请输入角色名称'), '招聘');
    await app.user.type(within(dialog).getByPlaceholderText('请输入角色别名'), 'recruiter');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入角色排序', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    await app.user.type(within(dialog).getByPlaceholderText('请输入角色排序'), '3');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(app.callsTo('POST /api/blade-system/role/submit')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-system/role/submit')[0]!.body).toMatchObject({ parentId: '2', roleName: '招聘', roleAlias: 'recruiter', sort: 3 });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('the grant dialog: three trees checked from role-tree-keys; the checks are posted to role/grant', async () => {
    const app = await renderPlugin(rolePlugin, { backend: respond(handlers()) });
    const dialog = await openGrant(app, '人事');
    expect(app.callsTo('GET /api/blade-system/menu/role-tree-keys')[0]!.query).toEqual({ roleIds: '2' });
    expect(within(dialog).getByText('权限设置: 人事')).toBeTruthy();
    expect([state(dialog, '系统管理'), state(dialog, '参数管理'), state(dialog, '查看'), state(dialog, '新增'), state(dialog, '字典管理')]).toEqual([
      'checked',
      'checked',
      'checked',
      'off',
      'off',
    ]);

    // A button checks its menu; unchecking a menu unchecks its buttons, the menu above stays.
    await app.user.click(checkbox(treeNode(dialog, '新增')));
    expect(state(dialog, '新增')).toBe('checked');
    await app.user.click(checkbox(treeNode(dialog, '参数管理')));
    expect([state(dialog, '参数管理'), state(dialog, '新增'), state(dialog, '查看'), state(dialog, '系统管理')]).toEqual(['off', 'off', 'off', 'checked']);
    await app.user.click(checkbox(treeNode(dialog, '查看')));
    expect([state(dialog, '参数管理'), state(dialog, '查看')]).toEqual(['checked', 'checked']);
    await app.user.click(checkbox(treeNode(dialog, '字典管理')));

    // Data scopes: the menu is a folder, half checked; checking it checks its scopes.
    await app.user.click(within(dialog).getByRole('tab', { name: /数据权限/ }));
    await within(pane(dialog)).findByText('全部参数');
    expect([state(dialog, '全部参数'), state(dialog, '本人参数')]).toEqual(['checked', 'off']);
    expect(state(dialog, '参数管理')).toBe('half');
    await app.user.click(checkbox(treeNode(dialog, '参数管理')));
    expect([state(dialog, '全部参数'), state(dialog, '本人参数')]).toEqual(['checked', 'checked']);

    await app.user.click(within(dialog).getByRole('tab', { name: /接口权限/ }));
    await app.user.click(checkbox(treeNode(dialog, '参数详情')));

    await app.user.click(within(dialog).getByTestId('role-grant-save'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    const body = app.callsTo('POST /api/blade-system/role/grant')[0]!.body as Record<string, unknown>;
    expect(body.roleIds).toEqual(['2']);
    expect(sorted(body.menuIds)).toEqual(['10', '11', '13', '14']);
    expect(sorted(body.dataScopeIds)).toEqual(['21', '22']);
    expect(body.apiScopeIds).toEqual(['31']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused grant keeps the dialog open with the checks; the next save goes through', async () => {
    let refuse = true;
    const app = await renderPlugin(rolePlugin, {
      backend: respond(handlers({ 'POST /api/blade-system/role/grant': () => (refuse ? fail('不能授予自己没有的菜单或按钮: param_add') : ok(null)) })),
    });
    const dialog = await openGrant(app, '经理');
    await app.user.click(checkbox(treeNode(dialog, '新增')));
    await app.user.click(within(dialog).getByTestId('role-grant-save'));
    expect(await screen.findByText('不能授予自己没有的菜单或按钮: param_add')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(state(dialog, '新增')).toBe('checked');
    refuse = false;
    await app.user.click(within(dialog).getByTestId('role-grant-save'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    const calls = app.callsTo('POST /api/blade-system/role/grant');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(sorted((calls[1]!.body as { menuIds: string[] }).menuIds)).toEqual(['10', '11', '12', '13']);
  });

  it('the filter box narrows the tree; expand all and collapse all', async () => {
    const app = await renderPlugin(rolePlugin, { backend: respond(handlers()) });
    const dialog = await openGrant(app, '人事');
    await app.user.type(within(dialog).getByRole('textbox', { name: '输入关键字进行过滤' }), '字典');
    await waitFor(() => expect(within(pane(dialog)).queryByText('参数管理')).toBeNull());
    expect(within(pane(dialog)).getByText('字典管理')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog); // Enter-free typing saved nothing
    await app.user.clear(within(dialog).getByRole('textbox', { name: '输入关键字进行过滤' }));
    await within(dialog).findByText('查看');
    await app.user.click(within(dialog).getByRole('button', { name: /折叠全部/ }));
    await waitFor(() => expect(within(pane(dialog)).queryByText('参数管理')).toBeNull());
    expect(within(pane(dialog)).getByText('系统管理')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: /展开全部/ }));
    expect(await within(dialog).findByText('查看')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/role/grant')).toHaveLength(0);
  });

  it('keyboard: Esc closes without saving; Enter on a checked box saves', async () => {
    const app = await renderPlugin(rolePlugin, { backend: respond(handlers()) });
    let dialog = await openGrant(app, '人事');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.callsTo('POST /api/blade-system/role/grant')).toHaveLength(0);

    await app.user.click(within(rowOf('人事')).getByRole('button', { name: /权限设置/ }));
    dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('系统管理');
    const filterBox = within(dialog).getByRole('textbox', { name: '输入关键字进行过滤' });
    await app.user.type(filterBox, '字典{Enter}');
    expect(app.callsTo('POST /api/blade-system/role/grant')).toHaveLength(0); // Enter in the filter box filters
    await app.user.click(checkbox(treeNode(dialog, '字典管理')).querySelector('input')!);
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.callsTo('POST /api/blade-system/role/grant')).toHaveLength(1));
    expect(sorted((app.callsTo('POST /api/blade-system/role/grant')[0]!.body as { menuIds: string[] }).menuIds)).toEqual(['10', '11', '13', '14']);
  });

  it('the toolbar button grants the selected roles together; none selected: a warning', async () => {
    const app = await renderPlugin(rolePlugin, { backend: respond(handlers()) });
    expect(await screen.findByText('经理')).toBeTruthy();
    const toolbar = document.querySelector('.ba-crud-toolbar') as HTMLElement;
    await app.user.click(within(toolbar).getByRole('button', { name: /权限设置/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    await app.user.click(within(rowOf('人事')).getByRole('checkbox'));
    await app.user.click(within(rowOf('经理')).getByRole('checkbox'));
    await app.user.click(within(toolbar).getByRole('button', { name: /权限设置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('权限设置: 人事, 经理')).toBeTruthy();
    await within(dialog).findByText('系统管理');
    expect(app.callsTo('GET /api/blade-system/menu/role-tree-keys')[0]!.query).toEqual({ roleIds: '2,3' });
    await app.user.click(within(dialog).getByTestId('role-grant-save'));
    await waitFor(() => expect(app.callsTo('POST /api/blade-system/role/grant')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-system/role/grant')[0]!.body).toMatchObject({ roleIds: ['2', '3'], apiScopeIds: [] });
  });

  it('English: English titles in the trees and the tabs', async () => {
    const app = await renderPlugin(rolePlugin, { backend: respond(handlers()), language: 'en' });
    expect(await screen.findByText('人事')).toBeTruthy();
    await app.user.click(within(rowOf('人事')).getByRole('button', { name: /Permissions/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(pane(dialog)).findByText('Parameters')).toBeTruthy();
    expect(within(pane(dialog)).getByText('View')).toBeTruthy();
    expect(within(dialog).queryByText('参数管理')).toBeNull();
    expect(within(dialog).getByRole('tab', { name: /Menus/ })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: /API scopes/ })).toBeTruthy();
  });

  it('role and role_view only: no add, add child, edit, delete or permissions', async () => {
    await renderPlugin(rolePlugin, { backend: respond(handlers()), user: { permissions: ['role', 'role_view'], roles: ['user'] } });
    expect(await screen.findByText('经理')).toBeTruthy();
    for (const name of [/新\s*增/, /新增子项/, /修\s*改/, /删\s*除/, /权限设置/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(3);
  });

  it('role_grant without being the administrator: every row but the administrator’s offers permissions', async () => {
    await renderPlugin(rolePlugin, { backend: respond(handlers()), user: { permissions: ['role', 'role_grant'], roles: ['admin'] } });
    expect(await screen.findByText('经理')).toBeTruthy();
    expect(within(rowOf('超级管理员')).queryByRole('button', { name: /权限设置/ })).toBeNull();
    expect(within(rowOf('经理')).getByRole('button', { name: /权限设置/ })).toBeTruthy();
  });
});

describe('grant tree rules', () => {
  const index = indexTree(menuTree);
  test('menus: checking checks below and above; unchecking unchecks below only; disabled nodes never', () => {
    expect([...toggle(index, 'menu', new Set(), '12', true)].sort()).toEqual(['10', '11', '12']);
    expect([...toggle(index, 'menu', new Set(['10', '11', '12', '13']), '11', false)]).toEqual(['10']);
    const locked = indexTree([{ ...menuTree[0]!, disabled: true }]);
    expect([...toggle(locked, 'menu', new Set(), '14', true)]).toEqual(['14']);
    const shown = display(menuTree, 'menu', new Set(['13']));
    expect([shown.checkedKeys, [...shown.halfCheckedKeys].sort()]).toEqual([['13'], ['10', '11']]);
  });

  test('scopes: only leaves are kept; a folder shows all, some or none', () => {
    const scopes = trees.dataScope;
    const i = indexTree(scopes);
    expect([...toggle(i, 'scope', new Set(), '11', true)].sort()).toEqual(['21', '22']);
    expect(display(scopes, 'scope', new Set(['21'])).halfCheckedKeys).toEqual(['11']);
    expect(display(scopes, 'scope', new Set(['21', '22'])).checkedKeys).toEqual(['21', '22', '11']);
    expect([...initialChecked(scopes, 'scope', ['11', '21', '77'])]).toEqual(['21']);
  });

  test('the filter keeps matches with what is below them, under what is above them', () => {
    expect(filterTree(menuTree, 'view').map((n) => n.children?.map((c) => c.children?.map((d) => d.key)))).toEqual([[['13']]]);
    expect(filterTree(menuTree, '参数')[0]!.children![0]!.children).toHaveLength(2);
    expect(filterTree(menuTree, 'zzz')).toEqual([]);
  });
});
