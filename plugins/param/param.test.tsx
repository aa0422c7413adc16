import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond } from '../../core/sdk/testing';
import paramPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const rows = [
  { id: '1', paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true', remark: '', createTime: '2024-01-01 10:00:00' },
  { id: '2', paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: '', createTime: '2024-01-02 10:00:00' },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('parameters screen', () => {
  it('lists name, key and value with index and selection columns; searches on name and key; offers the view button', async () => {
    const app = await renderPlugin(paramPlugin, {
      backend: respond({
        'GET /api/blade-system/param/list': (call) => page(rows.filter((r) => r.paramName.includes(call.query.paramName ?? '') && r.paramKey.includes(call.query.paramKey ?? ''))),
        'GET /api/blade-system/param/detail': (call) => ok(rows.find((r) => r.id === call.query.id)),
      }),
    });
    expect(await screen.findByText('是否开启注册功能')).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '参数名称', '参数键名', '参数键值', '操作']);
    expect(within(rowOf('账号初始密码')).getByRole('checkbox')).toBeTruthy();
    expect(within(rowOf('账号初始密码')).getByText('2')).toBeTruthy(); // index

    const search = screen.getByRole('search');
    expect(within(search).getByPlaceholderText('请输入参数名称')).toBeTruthy();
    expect(within(search).getByPlaceholderText('请输入参数键名')).toBeTruthy();
    expect(within(search).getByText('创建时间')).toBeTruthy();
    await app.user.type(within(search).getByPlaceholderText('请输入参数键名'), 'init{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/param/list').at(-1)!.query).toEqual({ current: '1', size: '10', paramKey: 'init' }));
    await waitFor(() => expect(screen.queryByText('是否开启注册功能')).toBeNull());

    await app.user.click(within(rowOf('账号初始密码')).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('123456', { selector: '.ba-view-value' })).toBeTruthy();
    expect(within(dialog).getByText('查看参数')).toBeTruthy();
    expect(within(dialog).getByText('account.initPassword', { selector: '.ba-view-value' })).toBeTruthy(); // read, not an input
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('the user role (param and param_view only) sees no add, edit or delete', async () => {
    await renderPlugin(paramPlugin, {
      backend: respond({ 'GET /api/blade-system/param/list': () => page(rows) }),
      user: { permissions: ['param', 'param_view'], roles: ['user'] },
    });
    expect(await screen.findByText('账号初始密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });

  it('name, key and value are required, checked on blur, and a refused save keeps the dialog filled', async () => {
    const app = await renderPlugin(paramPlugin, {
      backend: respond({
        'GET /api/blade-system/param/list': () => page(rows),
        'POST /api/blade-system/param/submit': () => fail('参数键名已存在'),
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    for (const [placeholder, message] of [
      ['请输入参数名称', '请输入参数名称'],
      ['请输入参数键名', '请输入参数键名'],
      ['请输入参数键值', '请输入参数键值'],
    ]) {
      await app.user.click(within(dialog).getByPlaceholderText(placeholder!));
      await app.user.tab();
      expect(await within(dialog).findByText(message!, { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    }
    await app.user.type(within(dialog).getByPlaceholderText('请输入参数名称'), '重复的键');
    await app.user.type(within(dialog).getByPlaceholderText('请输入参数键名'), 'account.initPassword');
    await app.user.type(within(dialog).getByPlaceholderText('请输入参数键值'), 'x');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('参数键名已存在')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/param/submit')[0]!.body).toEqual({ paramName: '重复的键', paramKey: 'account.initPassword', paramValue: 'x' });
    await waitFor(() => expect(within(dialog).getByTestId('crud-save').className).not.toContain('loading'));
    expect((within(dialog).getByPlaceholderText('请输入参数键名') as HTMLInputElement).value).toBe('account.initPassword');
  });

  it('keeps the list in the address: a shared link opens the same list, a search keeps one tab, and the tab comes back as it was left', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...rows[1]!, id: String(i + 10), paramName: `参数${i + 1}`, paramKey: `key.${i + 1}` }));
    const app = await renderPlugin(paramPlugin, {
      route: '/system/param?list.f.paramKey=key&list.size=30',
      backend: respond({
        'GET /api/blade-system/param/list': (call) => {
          const found = many.filter((r) => r.paramKey.includes(call.query.paramKey ?? ''));
          const size = Number(call.query.size), current = Number(call.query.current);
          return page(found.slice((current - 1) * size, current * size), { total: found.length, size, current });
        },
      }),
    });
    expect(await screen.findByText('参数1')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/param/list')[0]!.query).toEqual({ current: '1', size: '30', paramKey: 'key' });
    expect((within(screen.getByRole('search')).getByPlaceholderText('请输入参数键名') as HTMLInputElement).value).toBe('key');

    // Another search: the same tab, its address following.
    await app.user.clear(within(screen.getByRole('search')).getByPlaceholderText('请输入参数键名'));
    await app.user.type(within(screen.getByRole('search')).getByPlaceholderText('请输入参数键名'), 'key.1{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/param/list').at(-1)!.query).toEqual({ current: '1', size: '30', paramKey: 'key.1' }));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ 'list.size': '30', 'list.f.paramKey': 'key.1' });
    const tabTitles = () => [...document.querySelectorAll('.ba-tabstrip .arco-tabs-header-title')].map((e) => e.textContent?.trim());
    expect(tabTitles()).toEqual(['首页', '参数管理']);

    // Away to the home tab and back: the list's state comes back with it.
    await app.user.click(screen.getByText('首页', { selector: '.ba-tabstrip *' }));
    await waitFor(() => expect(window.location.pathname).toBe('/wel/index'));
    await app.user.click(screen.getByText('参数管理', { selector: '.ba-tabstrip *' }));
    await waitFor(() => expect(window.location.pathname).toBe('/system/param'));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ 'list.size': '30', 'list.f.paramKey': 'key.1' });
    expect((within(screen.getByRole('search')).getByPlaceholderText('请输入参数键名') as HTMLInputElement).value).toBe('key.1');
    expect(tabTitles()).toEqual(['首页', '参数管理']);
  });
});
