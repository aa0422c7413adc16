import { describe, expect, it } from '@rstest/core';
import { filterParams, listQuery, sortParams } from './query';
import { bookEntity } from './test-entity';

describe('BladeX query keys', () => {
  it('maps search values to filter keys: like without suffix, other operators as _<op>', () => {
    expect(filterParams(bookEntity, { title: ' 三体 ', isbn: '978', category: '2' })).toEqual({ title: '三体', isbn_equal: '978', category_equal: '2' });
  });

  it('leaves empty values out', () => {
    expect(filterParams(bookEntity, { title: '', isbn: '   ', category: undefined, createTimeRange: [] })).toEqual({});
  });

  it('sends the create-time range as createTime_dategt / createTime_datelt, a field range as _datege / _datelt', () => {
    expect(
      filterParams(bookEntity, {
        createTimeRange: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'],
        published: ['2020-01-01', '2021-01-01'],
      }),
    ).toEqual({
      createTime_dategt: '2024-01-01 00:00:00',
      createTime_datelt: '2024-02-01 00:00:00',
      published_datege: '2020-01-01',
      published_datelt: '2021-01-01',
    });
  });

  it('sorts by the database column: ascs / descs', () => {
    expect(sortParams(bookEntity, { field: 'title', order: 'asc' })).toEqual({ ascs: 'title' });
    expect(sortParams(bookEntity, { field: 'pages', order: 'desc' })).toEqual({ descs: 'pages' });
    expect(sortParams({ ...bookEntity, fields: { ...bookEntity.fields, createTime: { type: 'datetime', label: { zh: '', en: '' } } } }, { field: 'createTime', order: 'desc' })).toEqual({
      descs: 'create_time',
    });
    expect(sortParams(bookEntity, null)).toEqual({});
  });

  it('puts paging, fixed params, filters and sort together', () => {
    expect(listQuery(bookEntity, { current: 2, size: 30, filters: { title: 'x' }, sort: { field: 'title', order: 'desc' }, params: { parentId: '9' } })).toEqual({
      current: 2,
      size: 30,
      parentId: '9',
      title: 'x',
      descs: 'title',
    });
    expect(listQuery(bookEntity, { current: 1, size: 10, filters: {}, sort: null }, false)).toEqual({});
  });
});
