import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, page, renderPlugin, respond } from '../../core/sdk/testing';
import topmenuPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const audit = { tenantId: '100001', createUser: '1', createDept: '1', createTime: '2024-01-01 00:00:00', updateUser: '1', updateTime: '2024-01-01 00:00:00', status: 1, isDeleted: 0 };
const tops = [
  { ...audit, id: '501', code: 'top_desk', name: '工作台', nameEn: 'Workbench', source: 'dashboard', sort: 1, plugin: 'shell' },
  { ...audit, id: '502', code: 'top_report', name: '报表', nameEn: '', source: '', sort: 3, plugin: '' },
];
const menuTree = [
  { id: '1', parentId: '0', key: '1', value: '1', title: '首页', titleEn: 'Home' },
  {
    id: '10', parentId: '0', key: '10', value: '10', title: '系统管理', titleEn: 'System',
    children: [
      { id: '11', parentId: '10', key: '11', value: '11', title: '菜单管理', titleEn: 'Menus' },
      { id: '12', parentId: '10', key: '12', value: '12', title: '顶部菜单', titleEn: 'Top menus' },
    ],
  },
];

const backend = (saved: unknown[] = [], grants: unknown[] = []) =>
  respond({
    'GET /api/blade-system/topmenu/list': () => page(tops),
    'GET /api/blade-system/topmenu/detail': (call) => ok(tops.find((r) => r.id === call.query.id) ?? null),
    'POST /api/blade-system/topmenu/submit': (call) => {
      saved.push(call.body);
      return ok(null);
    },
    'GET /api/blade-system/menu/grant-top-tree': () => ok({ menu: menuTree, dataScope: [], apiScope: [] }),
    // The parent 10 is listed too: it shows half checked from its children, not all of them checked.
    'GET /api/blade-system/menu/top-tree-keys': () => ok({ menu: ['1', '10', '12'], dataScope: [], apiScope: [] }),
    'POST /api/blade-system/topmenu/grant': (call) => {
      grants.push(call.body);
      return ok(null);
    },
  });

const inTable = { selector: '.ba-crud-table td *' };
const toolbar = () => document.querySelector('.ba-crud-toolbar') as HTMLElement;
const rowOf = (text: string) => screen.getByText(text, inTable).closest('tr') as HTMLElement;
const treeNode = (dialog: HTMLElement, title: string) => within(dialog).getByText(title, { selector: '.arco-tree-node-title-text' }).closest('.arco-tree-node') as HTMLElement;
const box = (dialog: HTMLElement, title: string) => treeNode(dialog, title).querySelector('.arco-checkbox') as HTMLElement;
const state = (dialog: HTMLElement, title: string) => {
  const b = box(dialog, title);
  return b.className.includes('arco-checkbox-indeterminate') ? 'half' : b.className.includes('arco-checkbox-checked') ? 'checked' : 'unchecked';
};

describe('top menus screen', () => {
  it('lists the top menus with icons and who declared them; a declared one keeps its code when edited', async () => {
    const saved: unknown[] = [];
    const app = await renderPlugin(topmenuPlugin, { backend: backend(saved) });
    expect(await screen.findByText('工作台', inTable)).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '顶部菜单编号', '顶部菜单名', '顶部菜单图标', '顶部菜单排序', '来源插件', '操作']);
    expect(within(rowOf('工作台')).getByText('shell')).toBeTruthy();
    expect(within(rowOf('报表')).getByText('自定义')).toBeTruthy();
    expect(rowOf('工作台').querySelector('.ba-topmenu-icon svg')).toBeTruthy();

    await app.user.click(within(rowOf('工作台')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByDisplayValue('工作台');
    expect((within(dialog).getByDisplayValue('top_desk') as HTMLInputElement).disabled).toBe(true);
    await app.user.clear(name);
    await app.user.type(name, '我的工作台{Enter}'); // Enter saves
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ id: '501', code: 'top_desk', name: '我的工作台', sort: 1, source: 'dashboard' })]);
  });

  it('菜单配置: the tree checked from the keys, saved with the checked menus and their parents', async () => {
    const grants: unknown[] = [];
    const app = await renderPlugin(topmenuPlugin, { backend: backend([], grants) });
    await screen.findByText('工作台', inTable);
    await app.user.click(within(rowOf('工作台')).getByRole('button', { name: /菜单配置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('菜单配置：工作台')).toBeTruthy();
    await waitFor(() => expect(state(dialog, '首页')).toBe('checked'));
    expect(app.callsTo('GET /api/blade-system/menu/top-tree-keys')[0]!.query).toEqual({ topMenuIds: '501' });
    expect(state(dialog, '系统管理')).toBe('half');
    expect(state(dialog, '菜单管理')).toBe('unchecked');
    expect(state(dialog, '顶部菜单')).toBe('checked');

    await app.user.click(box(dialog, '首页'));
    await app.user.click(box(dialog, '菜单管理'));
    await waitFor(() => expect(state(dialog, '系统管理')).toBe('checked'));
    await app.user.click(within(dialog).getByTestId('topmenu-grant-save'));
    expect(await screen.findByText('配置成功')).toBeTruthy();
    expect(grants).toEqual([{ topMenuIds: ['501'], menuIds: ['10', '11', '12'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the toolbar button configures the selected rows (none: a warning); unchecking all sends no menus', async () => {
    const grants: unknown[] = [];
    const app = await renderPlugin(topmenuPlugin, { backend: backend([], grants), language: 'en' });
    await screen.findByText('Workbench', inTable);
    await app.user.click(within(toolbar()).getByRole('button', { name: 'Menu settings' }));
    expect(await screen.findByText('Select at least one row')).toBeTruthy();

    for (const title of ['Workbench', '报表']) await app.user.click(rowOf(title).querySelector('.arco-checkbox') as HTMLElement);
    await app.user.click(within(toolbar()).getByRole('button', { name: 'Menu settings' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Menu settings: Workbench、报表')).toBeTruthy();
    await waitFor(() => expect(state(dialog, 'Home')).toBe('checked'));
    expect(app.callsTo('GET /api/blade-system/menu/top-tree-keys')[0]!.query).toEqual({ topMenuIds: '501,502' });
    await app.user.click(box(dialog, 'Home'));
    await app.user.click(box(dialog, 'Top menus'));
    await app.user.click(within(dialog).getByTestId('topmenu-grant-save'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(grants).toEqual([{ topMenuIds: ['501', '502'], menuIds: [] }]);
  });

  it('topmenu and topmenu_view only: no add, edit, delete or 菜单配置', async () => {
    await renderPlugin(topmenuPlugin, { backend: backend(), user: { permissions: ['topmenu', 'topmenu_view'] } });
    await screen.findByText('工作台', inTable);
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /菜单配置/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });
});
