import { invalidateCache } from 'alova';
import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message, Modal } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { defineEntity } from '../schema/entity';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, queryOf, type FetchCall, setTestSite } from '../testing/site';
import { CrudPage } from './CrudPage';
import { invalidateResource } from './data';
import { renderAt } from './test-router';

/**
 * A list screen of an entity with the newer field types: a reference whose choices come from an
 * endpoint (`source`), a picture, several pictures and rich text, as the table, the search form, the
 * form and the view show them.
 */

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const FILE = '/api/blade-resource/oss/endpoint/file';

const staffEntity = defineEntity({
  name: 'member',
  table: 'demo_member',
  label: { zh: '员工', en: 'Staff' },
  api: { base: '/api/demo/member', list: 'page' },
  fields: {
    name: { type: 'string', label: { zh: '姓名', en: 'Name' }, required: true },
    companyId: { type: 'id', label: { zh: '公司', en: 'Company' }, source: { url: '/api/company/information/list', label: 'name' }, search: 'equal', required: true },
    avatar: { type: 'image', label: { zh: '头像', en: 'Avatar' } },
    photos: { type: 'images', label: { zh: '相册', en: 'Photos' }, max: 4 },
    intro: { type: 'richtext', label: { zh: '简介', en: 'Introduction' } },
  },
});

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const fail = () => ({ status: 500, body: { code: 500, success: false, data: null, msg: '服务器异常' } });

const members = [
  { id: '1', name: '张三', companyId: '11', avatar: `${FILE}/a.png`, photos: `${FILE}/p1.jpg,${FILE}/p2.jpg,${FILE}/p3.jpg,${FILE}/p4.jpg`, intro: '<h2>资深</h2><p>工程师<script>x</script></p>' },
  { id: '2', name: '李四', companyId: '12', avatar: '', photos: '', intro: '' },
];

let saved: Record<string, unknown>[] = [];

function backend({ companies = () => ok([{ id: '11', name: '甲公司' }, { id: '12', name: '乙公司' }]) as unknown } = {}) {
  return mockFetch((call: FetchCall) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path === '/api/company/information/list') return companies() as never;
    if (path === '/api/demo/member/page') {
      const company = queryOf(call).get('companyId_equal');
      const rows = members.filter((m) => !company || m.companyId === company);
      return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
    }
    if (path === '/api/demo/member/detail') return ok(members.find((m) => m.id === queryOf(call).get('id')));
    if (path === '/api/demo/member/submit') {
      saved.push(JSON.parse(String(call.body)) as Record<string, unknown>);
      return ok(null);
    }
    return { status: 500, body: { code: 500, success: false, data: null, msg: `unexpected ${call.url}` } };
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const sourceCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/company/information/list'));

describe('fields with choices from an endpoint, pictures and rich text', () => {
  beforeEach(async () => {
    setTestSite();
    clearBrowserState();
    await invalidateCache();
    runInAction(() => {
      session.userInfo = { user_id: '1', user_name: 'u', nick_name: 'u', real_name: 'u', role_name: 'admin', avatar: '', account: 'u', tenant_id: '000000', oauth_id: '', dept_id: '' };
      session.permission = new Set(['member', 'member_add', 'member_edit', 'member_view']);
    });
  });
  afterEach(() => {
    act(() => {
      Message.clear();
      Modal.destroyAll();
    });
    rs.unstubAllGlobals();
  });

  it('cells: the label of a source value, a thumbnail, the first pictures and a count, rich text’s words', async () => {
    const calls = backend();
    renderAt(<CrudPage entity={staffEntity} />);
    await waitFor(() => expect(within(rowOf('张三')).getByText('甲公司')).toBeTruthy());
    expect(within(rowOf('李四')).getByText('乙公司')).toBeTruthy();
    const zhang = rowOf('张三');
    const thumb = within(zhang).getByRole('img', { name: '头像' }) as HTMLImageElement;
    expect([thumb.getAttribute('src'), thumb.getAttribute('loading'), thumb.className]).toEqual([`${FILE}/a.png`, 'lazy', 'ba-image-thumb']);
    expect(within(zhang).getAllByRole('img', { name: /^相册/ })).toHaveLength(3);
    expect(within(zhang).getByText('等4张')).toBeTruthy();
    expect(within(zhang).getByText('资深 工程师')).toBeTruthy();
    expect(zhang.querySelector('script, h2')).toBeNull();
    expect(within(rowOf('李四')).queryByRole('img')).toBeNull();
    // One request for the search form and the table.
    expect(sourceCalls(calls)).toHaveLength(1);
  });

  it('the search form offers the source’s rows and filters by the chosen value', async () => {
    const calls = backend();
    renderAt(<CrudPage entity={staffEntity} />);
    await screen.findByText('张三');
    const search = screen.getByRole('search');
    await userEvent.click(search.querySelector('.arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('乙公司', { selector: '.arco-select-option, .arco-select-option *' }));
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(queryOf(calls.filter((c) => c.url.startsWith('/api/demo/member/page')).at(-1)!).get('companyId_equal')).toBe('12'));
    await waitFor(() => expect(screen.queryByText('张三')).toBeNull());
  });

  it('the choices are read again when their resource changes', async () => {
    let name = '甲公司';
    const calls = backend({ companies: () => ok([{ id: '11', name }, { id: '12', name: '乙公司' }]) });
    renderAt(<CrudPage entity={staffEntity} />);
    await waitFor(() => expect(within(rowOf('张三')).getByText('甲公司')).toBeTruthy());
    name = '甲集团';
    await act(() => invalidateResource('/api/company/information'));
    await waitFor(() => expect(within(rowOf('张三')).getByText('甲集团')).toBeTruthy());
    expect(sourceCalls(calls)).toHaveLength(2);
  });

  it('a failed load shows the raw value, and the select offers a retry that loads the choices', async () => {
    let up = false;
    backend({ companies: () => (up ? ok([{ id: '11', name: '甲公司' }, { id: '12', name: '乙公司' }]) : fail()) });
    renderAt(<CrudPage entity={staffEntity} />);
    await waitFor(() => expect(within(rowOf('张三')).getByText('11')).toBeTruthy());
    // No toast: the select says it.
    expect(document.querySelector('.arco-message')).toBeNull();
    await userEvent.click(screen.getByRole('search').querySelector('.arco-select-view') as HTMLElement);
    const failed = await screen.findByText('选项加载失败');
    up = true;
    fireEvent.click(within(failed.closest('.ba-source-failed') as HTMLElement).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('乙公司', { selector: '.arco-select-option, .arco-select-option *' })).toBeTruthy();
    await waitFor(() => expect(within(rowOf('张三')).getByText('甲公司')).toBeTruthy());
  });

  it('viewing: the source’s label, the picture with a preview and no remove, the wall, the rich text rendered', async () => {
    backend();
    renderAt(<CrudPage entity={staffEntity} />);
    await screen.findByText('张三');
    await userEvent.click(within(rowOf('张三')).getByRole('button', { name: /查\s*看/ }));
    const dialog = await waitFor(() => {
      const element = document.querySelector('.ba-crud-dialog') as HTMLElement;
      expect(within(element).getByText('甲公司')).toBeTruthy();
      return element;
    });
    // Viewing: the picture with a preview and no remove, the wall, the rich text rendered (its script gone).
    expect(within(dialog).getByRole('button', { name: '预览头像' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '删除头像' })).toBeNull();
    expect(within(dialog).getAllByRole('img', { name: /^相册 \d$/ })).toHaveLength(4);
    expect(dialog.querySelector('.ba-richtext h2')?.textContent).toBe('资深');
    expect(dialog.querySelector('.ba-richtext script')).toBeNull();
  });

  it('editing: the source as a select showing its label, the picture with a remove, the wall, the editor; the save sends them', async () => {
    backend();
    saved = [];
    renderAt(<CrudPage entity={staffEntity} />);
    await screen.findByText('张三');
    await userEvent.click(within(rowOf('张三')).getByRole('button', { name: /修\s*改/ }));
    const editor = await screen.findByRole('textbox', { name: '简介' }, { timeout: 10_000 });
    const dialog = document.querySelector('.ba-crud-dialog') as HTMLElement;
    await waitFor(() => expect(within(dialog).getByText('甲公司')).toBeTruthy());
    expect(within(dialog).getByRole('button', { name: '删除头像' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '相册 1后移' })).toBeTruthy();
    // The wall is full (4 of 4): no add tile.
    expect(within(dialog).queryByRole('button', { name: '上传相册' })).toBeNull();
    expect(editor.querySelector('h2')?.textContent).toBe('资深');
    await userEvent.click(within(dialog).getByRole('button', { name: '相册 1后移' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '删除头像' }));
    expect(within(dialog).getByRole('button', { name: '上传头像' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存|修\s*改|确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: '1', companyId: '11', avatar: '', photos: `${FILE}/p2.jpg,${FILE}/p1.jpg,${FILE}/p3.jpg,${FILE}/p4.jpg` });
    expect(String(saved[0]!.intro)).toContain('<h2>资深</h2>');
  });
});
