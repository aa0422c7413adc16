import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, renderPlugin, respond } from '../../core/sdk/testing';
import dictPlugin from '../dict/index';
import postPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const rows = [
  { id: '1', category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1, remark: '总经理' },
  { id: '2', category: 3, postCode: 'staff', postName: '普通员工', sort: 8, remark: '' },
];
const categories = [
  { dictKey: '1', dictValue: '高层' },
  { dictKey: '2', dictValue: '中层' },
  { dictKey: '3', dictValue: '基层' },
  { dictKey: '4', dictValue: '其他' },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('posts screen', () => {
  it('lists category (by its dictionary label), code, name and order; searches; the rules block an empty save', async () => {
    const app = await renderPlugin(postPlugin, {
      with: [dictPlugin],
      backend: respond({
        'GET /api/blade-system/dict/dictionary': () => ok(categories),
        'GET /api/blade-system/post/list': (call) => page(rows.filter((r) => r.postName.includes(call.query.postName ?? ''))),
        'POST /api/blade-system/post/submit': () => fail('岗位编号已存在'),
      }),
    });
    expect(await screen.findByText('首席执行官')).toBeTruthy();
    expect(within(rowOf('普通员工')).getByText('基层')).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '岗位类型', '岗位编号', '岗位名称', '岗位排序', '操作']);

    const search = screen.getByRole('search');
    await app.user.type(within(search).getByPlaceholderText('请输入岗位名称'), '员工{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/post/list').at(-1)!.query).toMatchObject({ postName: '员工' }));
    await waitFor(() => expect(screen.queryByText('首席执行官')).toBeNull());

    await app.user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请输入岗位编号', { selector: '.arco-form-message *, .arco-form-message' })).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/post/submit')).toHaveLength(0);
  });

  it('post and post_view only: no add, edit or delete', async () => {
    await renderPlugin(postPlugin, {
      with: [dictPlugin],
      backend: respond({
        'GET /api/blade-system/dict/dictionary': () => ok(categories),
        'GET /api/blade-system/post/list': () => page(rows),
      }),
      user: { permissions: ['post', 'post_view'], roles: ['user'] },
    });
    expect(await screen.findByText('普通员工')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
  });
});
