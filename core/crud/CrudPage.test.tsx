import { invalidateCache } from 'alova';
import { afterEach, beforeEach, describe, expect, it as baseIt, rs } from '@rstest/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message, Modal } from '@arco-design/web-react';
import { runInAction } from 'mobx';
import { session } from '../session/session';
import { clearBrowserState, mockFetch, queryOf, setTestSite, type FetchCall } from '../testing/site';
import { CrudPage } from './CrudPage';
import { useCrudList } from './useCrudList';
import { bookEntity } from './test-entity';
import { renderAt } from './test-router';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

type Book = { id: string; title: string; isbn: string; category: string; pages: number; lent: number };

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const refuse = (msg: string, status = 400) => ({ status, body: { code: status, success: false, data: null, msg } });

/** A small in-memory backend of books: page (honouring title and paging), detail, submit, remove. */
function library(count = 25, overrides: { submit?: (call: FetchCall) => unknown } = {}) {
  let books: Book[] = Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    title: `书${i + 1}`,
    isbn: `978-${i + 1}`,
    category: i % 2 ? '2' : '1',
    pages: 100 + i,
    lent: i % 3 === 0 ? 1 : 0,
  }));
  const calls = mockFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    const q = queryOf(call);
    if (path === '/api/blade-system/dict/dictionary') {
      return ok([
        { dictKey: '1', dictValue: '小说' },
        { dictKey: '2', dictValue: '历史' },
      ]);
    }
    if (path === '/api/demo/book/page') {
      const title = q.get('title') ?? '';
      const rows = books.filter((b) => b.title.includes(title));
      const current = Number(q.get('current')), size = Number(q.get('size'));
      return ok({ records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.ceil(rows.length / size) });
    }
    if (path === '/api/demo/note/page') return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }); // another resource
    if (path === '/api/demo/book/detail') return ok(books.find((b) => b.id === q.get('id')));
    if (path === '/api/demo/book/submit') {
      if (overrides.submit) return overrides.submit(call) as never;
      const body = JSON.parse(String(call.body)) as Book;
      if (body.id) books = books.map((b) => (b.id === body.id ? { ...b, ...body } : b));
      else books = [{ ...body, id: String(books.length + 100) }, ...books];
      return ok(null);
    }
    if (path === '/api/demo/book/remove') {
      const ids = (q.get('ids') ?? '').split(',');
      books = books.filter((b) => !ids.includes(b.id));
      return ok(null);
    }
    return refuse(`unexpected ${call.method} ${call.url}`, 500);
  });
  return { calls, lists: () => calls.filter((c) => c.url.startsWith('/api/demo/book/page')) };
}

function grant(...codes: string[]) {
  runInAction(() => {
    session.userInfo = { user_id: '1', user_name: 'u', nick_name: 'u', real_name: 'u', role_name: 'admin', avatar: '', account: 'u', tenant_id: '000000', oauth_id: '', dept_id: '' };
    session.permission = new Set(codes);
  });
}

const ALL = ['book', 'book_add', 'book_edit', 'book_delete', 'book_view'];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lastList = (lists: () => FetchCall[]) => Object.fromEntries(queryOf(lists().at(-1)!));
const dialog = () => document.querySelector('.ba-crud-dialog') as HTMLElement;
/** Waits for a toast (Arco's Message) saying `text`. */
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text), { timeout: 10_000 });

describe('CrudPage', () => {
  beforeEach(async () => {
    setTestSite();
    clearBrowserState();
    await invalidateCache(); // nothing cached by an earlier test
  });
  afterEach(() => {
    act(() => {
      Message.clear();
      Modal.destroyAll();
    });
    rs.unstubAllGlobals();
  });

  it('renders the search fields, the columns (choices as labels) and paging from the definition', async () => {
    const { calls } = library();
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('书1')).toBeTruthy();

    const search = screen.getByRole('search');
    for (const label of ['书名', '书号', '分类', '出版日期', '创建时间']) expect(within(search).getByText(label)).toBeTruthy();
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '书名', '书号', '分类', '页数', '出版日期', '借出', '操作']);
    expect(within(rowOf('书1')).getByText('小说')).toBeTruthy(); // dict label, not '1'
    expect(within(rowOf('书2')).getByText('历史')).toBeTruthy();
    expect(within(rowOf('书1')).getByText('是')).toBeTruthy(); // option label of lent=1
    expect(screen.getAllByRole('row')).toHaveLength(11); // header + 10 rows
    expect(screen.getByText('共 25 条')).toBeTruthy();

    // One dictionary request although the search form, the table and the hidden `shelf` field use the code.
    expect(calls.filter((c) => c.url.includes('dictionary'))).toHaveLength(1);
    expect(queryOf(calls.find((c) => c.url.includes('dictionary'))!).get('code')).toBe('book_category');
  });

  it('keeps the filters when paging and changing the page size; search and reset start at page 1', async () => {
    const { lists } = library(40);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    expect(lastList(lists)).toEqual({ current: '1', size: '10' });

    await userEvent.type(screen.getByPlaceholderText('请输入书名'), '书1{Enter}'); // Enter searches
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '10', title: '书1' }));
    expect(await screen.findByText('共 11 条')).toBeTruthy();

    await userEvent.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '2', size: '10', title: '书1' }));
    expect(await screen.findByText('书19')).toBeTruthy();

    // Another page size: page 1 of the same filters.
    await userEvent.click(document.querySelector('.arco-pagination-option .arco-select-view') as HTMLElement);
    fireEvent.click(await screen.findByText('30 条/页'));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '30', title: '书1' }));

    await userEvent.clear(screen.getByPlaceholderText('请输入书名'));
    await userEvent.type(screen.getByPlaceholderText('请输入书号'), '978-3');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '30', isbn_equal: '978-3' }));

    await userEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '30' }));
    expect((screen.getByPlaceholderText('请输入书号') as HTMLInputElement).value).toBe('');
  });

  it('sorts by a sortable column with ascs / descs and keeps the filters', async () => {
    const { lists } = library();
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    await userEvent.type(screen.getByPlaceholderText('请输入书名'), '书{Enter}');
    await waitFor(() => expect(lastList(lists).title).toBe('书'));

    const pagesHeader = screen.getByText('页数').closest('.arco-table-th') as HTMLElement;
    fireEvent.click(pagesHeader.querySelector('.arco-table-cell-with-sorter') ?? pagesHeader);
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '10', title: '书', ascs: 'pages' }));
    fireEvent.click(pagesHeader.querySelector('.arco-table-cell-with-sorter') ?? pagesHeader);
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '10', title: '书', descs: 'pages' }));
  });

  it('shows each button only with its permission code', async () => {
    library(3);
    grant('book', 'book_view');
    const { unmount } = renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
    expect(within(rowOf('书1')).getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    unmount();

    grant('book');
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    expect(screen.queryByText('操作')).toBeNull(); // no row action at all: no column
    expect(screen.queryByRole('button', { name: /查\s*看/ })).toBeNull();
  });

  it('bulk delete: warns with none chosen, confirms, sends the ids comma-joined, says 删除成功 and refreshes the total', async () => {
    const { calls, lists } = library(12);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    const toolbarDelete = () => screen.getAllByRole('button', { name: /删\s*除/ })[0]!;

    await userEvent.click(toolbarDelete());
    await toast('请选择至少一条数据');
    expect(document.querySelector('.arco-modal')).toBeNull();

    await userEvent.click(within(rowOf('书2')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('书3')).getByRole('checkbox'));
    expect(screen.getByText('已选择 2 项')).toBeTruthy();
    await userEvent.click(toolbarDelete());
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(calls.some((c) => c.url.includes('/remove'))).toBe(true));
    const remove = calls.find((c) => c.url.includes('/remove'))!;
    expect(remove.method).toBe('POST');
    expect(queryOf(remove).get('ids')).toBe('2,3');
    await toast('删除成功');
    expect(await screen.findByText('共 10 条')).toBeTruthy();
    expect(screen.queryByText('书2')).toBeNull();
    expect(lists().length).toBe(2);
  });

  it('steps back a page when a delete empties the last one', async () => {
    const { lists } = library(11);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    await userEvent.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    expect(await screen.findByText('书11')).toBeTruthy();
    await userEvent.click(within(rowOf('书11')).getByRole('button', { name: /删\s*除/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '10' }));
    expect(await screen.findByText('共 10 条')).toBeTruthy();
  });

  it('checks the rules: required on blur, spaces are not a value, every field on save', async () => {
    const { calls } = library(3);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(await within(dialog()).findByText('新增图书')).toBeTruthy();
    expect(dialog().style.width).toBe('880px');

    const title = within(dialog()).getByPlaceholderText('请输入书名');
    await userEvent.click(title);
    await userEvent.tab(); // blur without a value
    expect(await within(dialog()).findByText('请输入书名')).toBeTruthy();
    expect(within(dialog()).queryByText('请输入书号')).toBeNull(); // not touched yet

    await userEvent.type(title, '  ');
    await userEvent.tab();
    expect(await within(dialog()).findByText('请输入书名')).toBeTruthy(); // spaces are not a value

    await userEvent.click(screen.getByTestId('crud-save'));
    expect(await within(dialog()).findByText('请输入书号')).toBeTruthy(); // submit checks every field
    expect(calls.some((c) => c.url.includes('/submit'))).toBe(false);
  });

  it('adds a row: the body sent to submit (Enter saves), 新增成功, the list and total reloaded', async () => {
    const { calls } = library(3);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await userEvent.type(await within(dialog()).findByPlaceholderText('请输入书名'), '新书');
    await userEvent.type(within(dialog()).getByPlaceholderText('请输入书号'), '978-new{Enter}'); // Enter saves
    await waitFor(() => expect(calls.some((c) => c.url.includes('/submit'))).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url.includes('/submit'))!.body));
    expect(body).toEqual({ title: '新书', isbn: '978-new', lent: 0 });
    await toast('新增成功');
    expect(await screen.findByText('新书')).toBeTruthy();
    expect(screen.getByText('共 4 条')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ba-crud-dialog')).toBeNull());
  });

  it('a failed save keeps the dialog open with the input, and the button ready again', async () => {
    const { calls } = library(3, { submit: () => refuse('书号已存在') });
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书1');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await userEvent.type(await within(dialog()).findByPlaceholderText('请输入书名'), '重复');
    await userEvent.type(within(dialog()).getByPlaceholderText('请输入书号'), '978-1');
    await userEvent.click(screen.getByTestId('crud-save'));

    expect(await screen.findByText('书号已存在')).toBeTruthy(); // the pipeline's toast
    await waitFor(() => expect(screen.getByTestId('crud-save').className).not.toContain('loading'));
    expect((within(dialog()).getByPlaceholderText('请输入书名') as HTMLInputElement).value).toBe('重复');
    expect((within(dialog()).getByPlaceholderText('请输入书号') as HTMLInputElement).value).toBe('978-1');
    expect(document.querySelector('.ba-crud-dialog')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/submit'))).toHaveLength(1);
  });

  it('edits after loading the detail (the key not editable), says 更新成功; view is read-only', async () => {
    const { calls } = library(3);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    await screen.findByText('书2');
    await userEvent.click(within(rowOf('书2')).getByRole('button', { name: /修\s*改/ }));
    const title = (await within(dialog()).findByDisplayValue('书2')) as HTMLInputElement;
    expect(queryOf(calls.find((c) => c.url.includes('/detail'))!).get('id')).toBe('2');
    expect((within(dialog()).getByDisplayValue('978-2') as HTMLInputElement).disabled).toBe(true);
    expect(title.disabled).toBe(false);

    await userEvent.clear(title);
    await userEvent.type(title, '书二');
    await userEvent.click(screen.getByTestId('crud-save'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/submit'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.includes('/submit'))!.body))).toEqual({ id: '2', title: '书二', isbn: '978-2', category: '2', pages: 101, lent: 0 });
    await toast('更新成功');
    expect(await screen.findByText('书二')).toBeTruthy();

    await waitFor(() => expect(document.querySelector('.ba-crud-dialog')).toBeNull());
    await userEvent.click(within(rowOf('书二')).getByRole('button', { name: /查\s*看/ }));
    // Viewing: the values as the list shows them, as text (no inputs, no prompts), '-' for an empty one.
    expect(await within(dialog()).findByText('书二', { selector: '.ba-view-value' })).toBeTruthy();
    // The category's label, not its code (the dictionary may still be on its way when the dialog opens).
    expect(await within(dialog()).findByText('历史', { selector: '.ba-view-value' })).toBeTruthy();
    expect(within(dialog()).getByText('书架', { selector: 'span' }).closest('.arco-form-item')!.querySelector('.ba-view-value')!.textContent).toBe('-');
    expect(within(dialog()).queryByRole('textbox')).toBeNull();
    expect(within(dialog()).queryByPlaceholderText(/请输入|请选择/)).toBeNull();
    expect(screen.queryByTestId('crud-save')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }); // Esc closes
    await waitFor(() => expect(document.querySelector('.ba-crud-dialog')).toBeNull());
  });

  it('a total the server stopped counting is shown as a lower bound: 共 10,000+ 条', async () => {
    mockFetch((call) => {
      const path = new URL(call.url, 'http://localhost').pathname;
      if (path === '/api/demo/book/page') {
        const records = Array.from({ length: 10 }, (_, i) => ({ id: String(i + 1), title: `书${i + 1}`, isbn: '', category: '1', pages: 1, lent: 0 }));
        return ok({ records, total: 10_000, totalExact: false, size: 10, current: 1, pages: 1000 });
      }
      return ok([]);
    });
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    library(0);
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('a save in the dialog refreshes a second view of the same resource, not a view of another', async () => {
    const { calls, lists } = library(3);
    grant(...ALL);
    const noteEntity = { ...bookEntity, api: { ...bookEntity.api, base: '/api/demo/note' } };
    function TwoViews() {
      // Two views of the books (in the address under their own names) and one of another resource.
      const first = useCrudList({ entity: bookEntity, url: 'first' });
      const second = useCrudList({ entity: bookEntity, url: 'second' });
      const other = useCrudList({ entity: noteEntity, url: 'other' });
      return (
        <>
          <CrudPage entity={bookEntity} list={first} search={false} />
          <p data-testid="second">{second.rows.map((row) => row.title).join(',')}</p>
          <p data-testid="other">{other.rows.length}</p>
        </>
      );
    }
    const notes = () => calls.filter((c) => c.url.startsWith('/api/demo/note/'));
    renderAt(<TwoViews />);
    await waitFor(() => expect(screen.getByTestId('second').textContent).toBe('书1,书2,书3'));
    await waitFor(() => expect(notes()).toHaveLength(1));
    const before = lists().length;

    await userEvent.click(within(rowOf('书2')).getByRole('button', { name: /修\s*改/ }));
    const title = (await within(dialog()).findByDisplayValue('书2')) as HTMLInputElement;
    await userEvent.clear(title);
    await userEvent.type(title, '书二');
    await userEvent.click(screen.getByTestId('crud-save'));
    await toast('更新成功');
    await waitFor(() => expect(screen.getByTestId('second').textContent).toBe('书1,书二,书3'));
    expect(within(rowOf('书二')).getByText('书二')).toBeTruthy();
    expect(lists()).toHaveLength(before + 1); // both views refreshed, by one request
    expect(notes()).toHaveLength(1); // another resource is not asked again
  });

  it('keeps page, size, filters and sort in the address: a reload asks the same list and the form shows the filters', async () => {
    const { lists } = library(40);
    grant(...ALL);
    const { unmount } = renderAt(<CrudPage entity={bookEntity} />, '/demo/books?tab=x');
    await screen.findByText('书1');
    await userEvent.type(screen.getByPlaceholderText('请输入书名'), '书1{Enter}');
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '10', title: '书1' }));
    await userEvent.click(await screen.findByText('2', { selector: '.arco-pagination-item' }));
    const pagesHeader = screen.getByText('页数').closest('.arco-table-th') as HTMLElement;
    fireEvent.click(pagesHeader.querySelector('.arco-table-cell-with-sorter') ?? pagesHeader);
    fireEvent.click(pagesHeader.querySelector('.arco-table-cell-with-sorter') ?? pagesHeader);
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '10', title: '书1', descs: 'pages' }));
    await userEvent.click(await screen.findByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '2', size: '10', title: '书1', descs: 'pages' }));
    const address = new URLSearchParams(window.location.search);
    expect(Object.fromEntries(address)).toEqual({ tab: 'x', 'list.page': '2', 'list.sort': '-pages', 'list.f.title': '书1' });
    unmount();

    // A reload (or a shared link): the same call, the filter in the form, the sort on its column.
    const before = lists().length;
    renderAt(<CrudPage entity={bookEntity} />, `/demo/books?${address.toString()}&list.size=30&list.f.isbn_equal=978-1&list.f.secret=1`);
    await waitFor(() => expect(lists().length).toBe(before + 1));
    expect(lastList(lists)).toEqual({ current: '2', size: '30', title: '书1', isbn_equal: '978-1', descs: 'pages' }); // an unknown filter is not sent
    expect((screen.getByPlaceholderText('请输入书名') as HTMLInputElement).value).toBe('书1');
    expect((screen.getByPlaceholderText('请输入书号') as HTMLInputElement).value).toBe('978-1');

    // Reset clears the address too.
    await userEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    await waitFor(() => expect(lastList(lists)).toEqual({ current: '1', size: '30' }));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ tab: 'x', 'list.size': '30' });
  });

  it('shows a failed load as a failure with a retry, not as no data; the retry loads', async () => {
    let down = true;
    const calls = mockFetch((call) => {
      if (call.url.includes('/dictionary')) return ok([]);
      if (down) return refuse('服务器开小差了', 500);
      return ok({ records: [{ id: '1', title: '书1', isbn: '978-1', pages: 1, lent: 0 }], total: 1, size: 10, current: 1, pages: 1 });
    });
    grant(...ALL);
    renderAt(<CrudPage entity={bookEntity} />);
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('书1')).toBeTruthy();
    expect(screen.queryByText('数据加载失败')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/demo/book/page'))).toHaveLength(2);
  });
});
