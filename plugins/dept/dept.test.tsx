import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, type RecordedCall, renderPlugin, respond } from '../../core/sdk/testing';
import dictPlugin from '../dict/index';
import deptPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const rd = { id: '2', parentId: '1', parentName: '布雷德科技', deptName: '研发部', fullName: '研发中心', deptCategory: '2', sort: 1, remark: '', hasChildren: false };
const root = { id: '1', parentId: '0', parentName: '顶级', deptName: '布雷德科技', fullName: '上海布雷德科技有限公司', deptCategory: '1', sort: 1, remark: '', hasChildren: true };
/** `lazy-list?parentId=`: one level, each row saying whether it has children. */
const lazyList = (call: RecordedCall) => ok(call.query.parentId === '1' ? [rd] : call.query.parentId ? [] : [root]);
const categories = [
  { dictKey: '1', dictValue: '公司' },
  { dictKey: '2', dictValue: '部门' },
  { dictKey: '3', dictValue: '小组' },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const expand = (app: Awaited<ReturnType<typeof renderPlugin>>, text: string) => app.user.click(within(rowOf(text)).getByRole('button', { name: '展开' }));

describe('departments screen', () => {
  it('loads the tree level by level with category labels; add child gives the parent; edit sends the parent back', async () => {
    const app = await renderPlugin(deptPlugin, {
      with: [dictPlugin],
      backend: respond({
        'GET /api/blade-system/dict/dictionary': () => ok(categories),
        'GET /api/blade-system/dept/lazy-list': lazyList,
        'GET /api/blade-system/dept/detail': (call) => ok(call.query.id === '2' ? rd : root),
        'POST /api/blade-system/dept/submit': () => ok(null),
      }),
    });
    expect(await screen.findByText('布雷德科技')).toBeTruthy();
    expect(screen.queryByText('研发部')).toBeNull(); // folded: its level is not loaded yet
    await expand(app, '布雷德科技');
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/dept/lazy-list').map((c) => c.query.parentId ?? '')).toEqual(['', '1']);
    expect(within(rowOf('研发部')).getByText('部门')).toBeTruthy();
    expect(within(rowOf('上海布雷德科技有限公司')).getByText('公司')).toBeTruthy();

    await app.user.click(within(rowOf('上海布雷德科技有限公司')).getByRole('button', { name: /新增子项/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('布雷德科技')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await app.user.click(within(rowOf('研发部')).getByRole('button', { name: /修\s*改/ }));
    dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByDisplayValue('研发部');
    await app.user.clear(name);
    await app.user.type(name, '研发一部');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(app.callsTo('POST /api/blade-system/dept/submit')).toHaveLength(1));
    expect(app.callsTo('POST /api/blade-system/dept/submit')[0]!.body).toMatchObject({ id: '2', parentId: '1', deptName: '研发一部', fullName: '研发中心' });
    // The list is read again, the open row's level with it.
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/dept/lazy-list').map((c) => c.query.parentId ?? '')).toEqual(['', '1', '', '1']));
    expect(await screen.findByText('研发部')).toBeTruthy();
  });

  it('dept and dept_view only: no add, add child, edit or delete', async () => {
    const app = await renderPlugin(deptPlugin, {
      with: [dictPlugin],
      backend: respond({
        'GET /api/blade-system/dict/dictionary': () => ok(categories),
        'GET /api/blade-system/dept/lazy-list': lazyList,
      }),
      user: { permissions: ['dept', 'dept_view'], roles: ['user'] },
    });
    await screen.findByText('布雷德科技');
    await expand(app, '布雷德科技');
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增子项/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });
});
