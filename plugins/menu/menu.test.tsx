import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, type RecordedCall, renderPlugin, respond } from '../../core/sdk/testing';
import menuPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

type Menu = Record<string, unknown> & { id: string; parentId: string; code: string; name: string };
const base = { alias: 'menu', action: 0, isOpen: 1, remark: '', nameEn: '', source: '', path: '', plugin: '', isDeleted: 0 };
const menus: Menu[] = [
  { ...base, id: '10', parentId: '0', code: 'system', name: '系统管理', nameEn: 'System', path: '/system', source: 'settings', category: 1, sort: 99, plugin: 'shell' },
  { ...base, id: '11', parentId: '10', code: 'menu', name: '菜单管理', nameEn: 'Menus', path: '/system/menu', source: 'menu', category: 1, sort: 4, plugin: 'menu' },
  { ...base, id: '12', parentId: '10', code: 'report', name: '报表', path: '/report', category: 1, sort: 9 },
  { ...base, id: '111', parentId: '11', code: 'menu_add', name: '新增', alias: 'add', source: 'plus', category: 2, action: 1, sort: 1, plugin: 'menu' },
];
const level = (list: Menu[]) => list.map((m) => ({ ...m, hasChildren: menus.some((c) => c.parentId === m.id) }));
const tree = [
  {
    id: '10', parentId: '0', title: '系统管理', titleEn: 'System', key: '10', value: '10',
    children: [
      { id: '11', parentId: '10', title: '菜单管理', titleEn: 'Menus', key: '11', value: '11' },
      { id: '12', parentId: '10', title: '报表', titleEn: '', key: '12', value: '12' },
    ],
  },
];

const backend = (saved: unknown[] = []) =>
  respond({
    'GET /api/blade-system/menu/lazy-list': (call) => {
      const code = call.query.code;
      if (code) return ok(level(menus.filter((m) => m.code.includes(code))));
      return ok(level(menus.filter((m) => m.parentId === (call.query.parentId ?? '0'))));
    },
    'GET /api/blade-system/menu/tree': () => ok(tree),
    'GET /api/blade-system/menu/detail': (call) => ok(menus.find((m) => m.id === call.query.id) ?? null),
    'POST /api/blade-system/menu/submit': (call) => {
      saved.push(call.body);
      return ok(null);
    },
  });

/** Texts of the table (the sidebar shows some of the same names). */
const inTable = { selector: '.ba-crud-table td *' };
const rowOf = (text: string) => screen.getByText(text, inTable).closest('tr') as HTMLElement;
const findCell = (text: string) => screen.findByText(text, inTable);
const queryCell = (text: string) => screen.queryByText(text, inTable);
const expand = (app: Awaited<ReturnType<typeof renderPlugin>>, text: string, label = '展开') => app.user.click(within(rowOf(text)).getByRole('button', { name: label }));
const formItem = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'label, label *' }).closest('.arco-form-item') as HTMLElement;
const levels = (calls: RecordedCall[]) => calls.map((c) => c.query.parentId ?? '');

describe('menus screen', () => {
  it('loads the tree level by level with icons, categories and the declaring plugin; searches by code', async () => {
    const app = await renderPlugin(menuPlugin, { backend: backend() });
    expect(await findCell('系统管理')).toBeTruthy();
    expect(queryCell('菜单管理')).toBeNull();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '菜单名称', '菜单编号', '菜单别名', '路由地址', '菜单图标', '菜单类型', '菜单排序', '来源插件', '操作']);

    await expand(app, '系统管理');
    expect(await findCell('菜单管理')).toBeTruthy();
    expect(within(rowOf('菜单管理')).getByText('menu', { selector: '.arco-tag *, .arco-tag' })).toBeTruthy(); // declared by the menu plugin
    expect(within(rowOf('报表')).getByText('自定义')).toBeTruthy(); // an administrator's own
    expect(within(rowOf('菜单管理')).getByText('菜单', { selector: '.arco-tag *, .arco-tag' })).toBeTruthy();
    expect(rowOf('菜单管理').querySelector('.ba-menu-icon svg')).toBeTruthy();
    // 报表 has nothing below it: no expand button.
    expect(within(rowOf('报表')).queryByRole('button', { name: '展开' })).toBeNull();

    await expand(app, '菜单管理');
    expect(await findCell('menu_add')).toBeTruthy();
    expect(within(rowOf('menu_add')).getByText('按钮', { selector: '.arco-tag *, .arco-tag' })).toBeTruthy();
    // A button gets no "add child".
    expect(within(rowOf('menu_add')).queryByRole('button', { name: /新增子项/ })).toBeNull();
    expect(levels(app.callsTo('GET /api/blade-system/menu/lazy-list'))).toEqual(['', '10', '11']);

    await app.user.type(screen.getByPlaceholderText('请输入菜单编号'), 'menu_{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/menu/lazy-list').at(-1)!.query).toEqual({ code: 'menu_' }));
    await waitFor(() => expect(queryCell('系统管理')).toBeNull());
    expect(screen.getByText('menu_add', inTable)).toBeTruthy();
  });

  it('adds a child: the parent is given, a menu needs a route and a button does not, the icon is picked', async () => {
    const saved: unknown[] = [];
    const app = await renderPlugin(menuPlugin, { backend: backend(saved) });
    await findCell('系统管理');
    await app.user.click(within(rowOf('系统管理')).getByRole('button', { name: /新增子项/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(formItem(dialog, '上级菜单')).getAllByText('系统管理').length).toBeGreaterThan(0));
    expect(within(dialog).queryByText('按钮功能')).toBeNull(); // a menu: no button position

    await app.user.type(within(dialog).getByPlaceholderText('请输入菜单名称'), '日志');
    await app.user.type(within(dialog).getByPlaceholderText('请输入菜单编号'), 'log_export');
    await app.user.type(within(dialog).getByPlaceholderText('请输入菜单别名'), 'export');
    await app.user.type(within(dialog).getByPlaceholderText('请输入菜单排序'), '3');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入路由地址')).toBeTruthy();
    expect(saved).toEqual([]);

    // A button: its position is offered, the new window is not, the route is optional.
    await app.user.click(formItem(dialog, '菜单类型').querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('按钮', { selector: '.arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' }));
    await waitFor(() => expect(within(dialog).getByText('按钮功能')).toBeTruthy());
    expect(within(dialog).queryByText('新窗口')).toBeNull();

    await app.user.click(within(dialog).getByRole('button', { name: '选择图标' }));
    // The grid's popup ignores the pointer while it fades in: typed without a click.
    fireEvent.change(await screen.findByRole('textbox', { name: '搜索图标' }), { target: { value: 'export' } });
    fireEvent.click(await screen.findByRole('option', { name: 'export' }));
    await waitFor(() => expect(within(formItem(dialog, '菜单图标')).getByDisplayValue('export')).toBeTruthy());

    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ parentId: '10', name: '日志', code: 'log_export', alias: 'export', category: 2, source: 'export', sort: 3, action: 0 })]);
    expect((saved[0] as Record<string, unknown>).id).toBeUndefined();
  });

  it('edits a row a plugin declared: code and category stay, the plugin is said; the parent can change', async () => {
    const saved: unknown[] = [];
    const app = await renderPlugin(menuPlugin, { backend: backend(saved) });
    await findCell('系统管理');
    await expand(app, '系统管理');
    await findCell('菜单管理');
    await app.user.click(within(rowOf('菜单管理')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByDisplayValue('菜单管理');
    const code = within(dialog).getByPlaceholderText('请输入菜单编号') as HTMLInputElement;
    expect([code.value, code.disabled]).toEqual(['menu', true]);
    expect(within(dialog).getByText(/由插件 menu 声明/)).toBeTruthy();

    // The parent selector: the row itself cannot be chosen.
    await app.user.click(formItem(dialog, '上级菜单').querySelector('.arco-tree-select-view') as HTMLElement);
    const self = await screen.findByText('菜单管理', { selector: '.arco-tree-select-popup .arco-tree-node-title-text' });
    expect(self.closest('.arco-tree-node')!.className).toContain('disabled');
    fireEvent.click(await screen.findByText('顶级', { selector: '.arco-tree-select-popup .arco-tree-node-title-text' }));

    await app.user.clear(name);
    await app.user.type(name, '菜单设置');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ id: '11', code: 'menu', category: 1, name: '菜单设置', parentId: '0', path: '/system/menu' })]);
    // The list was read again, and the open level with it.
    await waitFor(() => expect(levels(app.callsTo('GET /api/blade-system/menu/lazy-list'))).toEqual(['', '10', '', '10']));
  });

  it('in English: names, the parent tree and the labels follow the language', async () => {
    const app = await renderPlugin(menuPlugin, { backend: backend(), language: 'en' });
    expect(await findCell('System')).toBeTruthy();
    await expand(app, 'System', 'Expand');
    expect(await findCell('Menus')).toBeTruthy();
    expect(within(rowOf('报表')).getByText('Custom')).toBeTruthy();
  });

  it('menu and menu_view only: no add, add child, edit or delete', async () => {
    const app = await renderPlugin(menuPlugin, { backend: backend(), user: { permissions: ['menu', 'menu_view'] } });
    await findCell('系统管理');
    await expand(app, '系统管理');
    await findCell('菜单管理');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增子项/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(3);
  });
});
