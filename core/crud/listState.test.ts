import { describe, expect, it } from '@rstest/core';
import { readListState, writeListState } from './listState';
import type { RowOf } from './rows';
import { bookEntity } from './test-entity';

const read = (search: string, prefix = 'list') => readListState(new URLSearchParams(search), prefix, bookEntity, 10);

describe('list state in the address', () => {
  it('reads page, size, sort and filters under its prefix; what the entity does not offer is ignored', () => {
    expect(read('list.page=3&list.size=30&list.sort=-pages&list.f.title=书&list.f.createTime_dategt=2024-01-01 00:00:00')).toEqual({
      current: 3,
      size: 30,
      sort: { field: 'pages', order: 'desc' },
      filters: { title: '书', createTime_dategt: '2024-01-01 00:00:00' },
    });
    // A size not offered, a page that is not one, a sort on a column that does not sort, an unknown filter.
    expect(read('list.page=-1&list.size=1000&list.sort=isbn&list.f.secret=1&list.f.title=')).toEqual({ current: 1, size: 10, sort: null, filters: {} });
    // Another list's keys are not this one's.
    expect(read('child.page=2&child.f.title=x', 'list')).toEqual({ current: 1, size: 10, sort: null, filters: {} });
    expect(read('child.page=2&child.f.title=x', 'child').current).toBe(2);
  });

  it('writes only what differs from the defaults, keeping every other key', () => {
    const start = new URLSearchParams('src=/a&child.page=2&list.page=9');
    const written = writeListState(start, 'list', { current: 2, size: 10, sort: { field: 'title', order: 'asc' }, filters: { isbn_equal: '978' } }, 10);
    expect(Object.fromEntries(written)).toEqual({ src: '/a', 'child.page': '2', 'list.page': '2', 'list.sort': 'title', 'list.f.isbn_equal': '978' });
    expect(Object.fromEntries(writeListState(written, 'list', { current: 1, size: 10, sort: null, filters: {} }, 10))).toEqual({ src: '/a', 'child.page': '2' });
    expect(read(writeListState(new URLSearchParams(), 'list', { current: 4, size: 50, sort: { field: 'pages', order: 'desc' }, filters: { title: 'a b&c' } }, 10).toString())).toEqual({
      current: 4,
      size: 50,
      sort: { field: 'pages', order: 'desc' },
      filters: { title: 'a b&c' },
    });
  });

  it('types a row from the entity definition (checked by the type checker)', () => {
    const row: RowOf<typeof bookEntity> = { id: '1', title: '书1', pages: 120, lent: 1, category: '2', createTime: '2024-01-01 10:00:00' };
    const pages: number | null | undefined = row.pages;
    const title: string | null | undefined = row.title;
    const created: string | undefined = row.createTime;
    // @ts-expect-error pages is a number, not a string
    const wrong: string | null | undefined = row.pages;
    // @ts-expect-error lent is a switch: a number
    const wrongSwitch: RowOf<typeof bookEntity> = { lent: 'yes' };
    expect([pages, title, created, wrong, wrongSwitch.lent]).toEqual([120, '书1', '2024-01-01 10:00:00', 120, 'yes']);
  });
});
