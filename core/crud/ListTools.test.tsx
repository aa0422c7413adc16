import { invalidateCache } from 'alova';
import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import readXlsxFile from 'read-excel-file/node';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite } from '../testing/site';
import { fitWidths } from './columnWidths';
import { CrudPage } from './CrudPage';
import { collectRows } from './exportRows';
import { bookEntity } from './test-entity';
import { renderAt } from './test-router';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);
const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

/** 1200 books (more than one export page), their categories by dictionary code. */
function library(count = 1200) {
  const books = Array.from({ length: count }, (_, i) => ({ id: String(i + 1), title: `书${i + 1}`, isbn: `978-${i + 1}`, category: i % 2 ? '2' : '1', pages: 100 + i, lent: 0 }));
  const calls = mockFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    const q = queryOf(call);
    if (path === '/api/blade-system/dict/dictionary') return ok([{ dictKey: '1', dictValue: '小说' }, { dictKey: '2', dictValue: '历史' }]);
    if (path === '/api/demo/book/page') {
      const rows = books.filter((b) => b.title.includes(q.get('title') ?? '') && (!q.get('category_equal') || b.category === q.get('category_equal')));
      const current = Number(q.get('current')), size = Number(q.get('size'));
      return ok({ records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.ceil(rows.length / size) });
    }
    return { status: 500, body: { code: 500, success: false, data: null, msg: `unexpected ${call.url}` } };
  });
  return { pages: () => calls.filter((c) => c.url.startsWith('/api/demo/book/page')) };
}

function grant(...codes: string[]) {
  runInAction(() => {
    session.userInfo = { user_id: '1', user_name: 'u', nick_name: 'u', real_name: 'u', role_name: 'admin', avatar: '', account: 'u', tenant_id: '000000', oauth_id: '', dept_id: '' };
    session.permission = new Set(codes);
  });
}

const headers = () => [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());

describe('the list tools: columns, density, export', () => {
  beforeEach(async () => {
    setTestSite();
    clearBrowserState();
    await invalidateCache();
  });
  afterEach(() => {
    act(() => Message.clear());
    rs.unstubAllGlobals();
  });

  it('hides a column from the column settings and remembers it per entity; the density too', async () => {
    library(3);
    grant('book', 'book_view');
    const first = renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('书1')).toBeTruthy();
    expect(headers()).toContain('页数');

    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const pages = await screen.findByRole('checkbox', { name: '页数' });
    fireEvent.click(pages);
    await waitFor(() => expect(headers()).not.toContain('页数'));
    expect(JSON.parse(localStorage.getItem('ba-list:/api/demo/book')!).hidden).toEqual(['pages']);

    fireEvent.click(screen.getByRole('button', { name: '行高' }));
    fireEvent.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(document.querySelector('.ba-crud-table.arco-table-size-small')).toBeTruthy());
    first.unmount();

    // Another visit: the same choices.
    renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('书1')).toBeTruthy();
    expect(headers()).toEqual(['#', '书名', '书号', '分类', '出版日期', '借出', '操作']);
    expect(document.querySelector('.ba-crud-table.arco-table-size-small')).toBeTruthy();
  });

  it('exports every row the filters match, page by page, as .xlsx of the shown columns with the cells’ texts', async () => {
    const { pages } = library();
    grant('book', 'book_view');
    localStorage.setItem('ba-list:/api/demo/book', JSON.stringify({ hidden: ['isbn'], density: 'default' }));
    const saved: Blob[] = [];
    rs.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:export'), revokeObjectURL: () => undefined }));
    renderAt(<CrudPage entity={bookEntity} />, '/?list.f.category_equal=1');
    expect(await screen.findByText('书1')).toBeTruthy();

    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    const exportCalls = pages().filter((c) => queryOf(c).get('size') === '500');
    expect(exportCalls.map((c) => queryOf(c).get('current'))).toEqual(['1', '2']); // 600 novels: two pages of 500
    expect(exportCalls.every((c) => queryOf(c).get('category_equal') === '1')).toBe(true);

    const [{ data: sheet }] = await readXlsxFile(Buffer.from(await saved[0]!.arrayBuffer()));
    expect(sheet[0]).toEqual(['书名', '分类', '页数', '出版日期', '借出']); // ISBN hidden, not exported
    expect(sheet).toHaveLength(1 + 600); // the header, then every novel
    expect(sheet[1]).toEqual(['书1', '小说', '100', null, '否']); // labels, not codes
  });

  it('collects page after page up to the cap, and says how many matched', async () => {
    const asked: number[] = [];
    const result = await collectRows(
      async (current) => {
        asked.push(current);
        return { records: Array.from({ length: 10 }, (_, i) => ({ id: `${current}-${i}` })), total: 30, size: 10, current, pages: 3 };
      },
      undefined,
      25,
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(result.rows).toHaveLength(25);
    expect(result.total).toBe(30);
  });

  it('a lower-bound total (the server stopped counting) is said to be one', async () => {
    const result = await collectRows(
      async (current) => ({ records: Array.from({ length: 10 }, (_, i) => ({ id: `${current}-${i}` })), total: (current - 1) * 10 + 100, totalExact: false, size: 10, current, pages: 10 }),
      undefined,
      25,
    );
    expect(result).toMatchObject({ total: 120, exact: false });
    expect(result.rows).toHaveLength(25);
  });

  it('shows the selection checkboxes only to a user with a bulk action', async () => {
    library(3);
    grant('book', 'book_view', 'book_edit');
    const reader = renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('书1')).toBeTruthy();
    expect(document.querySelector('.arco-table-th .arco-checkbox')).toBeNull();
    reader.unmount();

    grant('book', 'book_view', 'book_delete');
    const deleter = renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('书1')).toBeTruthy();
    expect(document.querySelector('.arco-table-th .arco-checkbox')).toBeTruthy();
    deleter.unmount();

    // A screen's own bulk action (a toolbar button acting on the selection) asks for them too.
    grant('book', 'book_view');
    renderAt(<CrudPage entity={bookEntity} bulk />);
    expect(await screen.findByText('书1')).toBeTruthy();
    expect(document.querySelector('.arco-table-th .arco-checkbox')).toBeTruthy();
  });

  it('cells keep to one line with their whole text as a title; headers too', async () => {
    library(3);
    grant('book', 'book_view');
    renderAt(<CrudPage entity={bookEntity} />);
    const cell = (await screen.findByText('书1')).closest('.arco-table-cell') as HTMLElement;
    expect(cell.className).toContain('arco-table-cell-text-ellipsis');
    expect(cell.getAttribute('title')).toBe('书1');
    const category = screen.getAllByText('小说')[0]!.closest('.arco-table-cell') as HTMLElement;
    expect(category.getAttribute('title')).toBe('小说');
    expect(screen.getByTitle('出版日期').className).toBe('ba-crud-th');
  });

  it('fits the columns to the table: each gives up the same share above its minimum, none below it', async () => {
    expect(fitWidths([100, 200], [80, 80], 0)).toEqual([100, 200]); // not measured yet
    expect(fitWidths([100, 200], [80, 80], 400)).toEqual([100, 200]); // fits
    expect(fitWidths([100, 200], [80, 80], 220)).toEqual([88, 131]); // each keeps 60/140 of what it has above 80
    expect(fitWidths([100, 200], [80, 80], 100)).toEqual([80, 80]); // scrolls sideways
  });
});
