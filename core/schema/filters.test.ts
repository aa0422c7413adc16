import { describe, expect, test } from '@rstest/core';
import { defineEntity } from './entity';
import { allowedOps, parseDateTime, parseFilters } from './filters';

const entity = defineEntity({
  name: 'thing',
  table: 'demo_thing',
  label: { zh: '物品', en: 'Thing' },
  permission: 'thing',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/demo/thing', list: 'list', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, search: 'like', filters: ['equal', 'notlike', 'likeleft', 'likeright', 'null', 'notnull'] },
    amount: { type: 'integer', label: { zh: '数量', en: 'Amount' }, search: 'equal', filters: ['ge', 'le', 'gt', 'lt', 'notequal'] },
    price: { type: 'number', label: { zh: '价格', en: 'Price' }, filters: ['ge'] },
    ownerId: { type: 'id', label: { zh: '所有者', en: 'Owner' }, column: 'owner', filters: ['equal'] },
    dueDate: { type: 'date', label: { zh: '到期', en: 'Due' }, search: 'range', filters: ['ge'] },
    kind: { type: 'select', label: { zh: '类型', en: 'Kind' }, options: [{ value: 1, label: { zh: '一', en: 'One' } }], search: 'equal' },
    note: { type: 'text', label: { zh: '备注', en: 'Note' } },
  },
});

describe('parseFilters', () => {
  test('paging keys and empty values are skipped; a bare key is LIKE', () => {
    const r = parseFilters(entity, { current: '2', size: '10', ascs: 'title', descs: 'x', 'blade-auth': 'bearer x', title: 'abc', amount: '', note_ignore: 'x' });
    expect(r).toEqual({
      ok: true,
      filters: [{ key: 'title', field: 'title', column: 'title', type: 'string', audit: false, op: 'like', value: 'abc' }],
    });
  });

  test('every operator a field allows is parsed, with its column', () => {
    const r = parseFilters(entity, {
      title_equal: 'a',
      title_notlike: 'b',
      title_likeleft: 'c',
      title_likeright: 'd',
      title_null: '1',
      title_notnull: '1',
      amount_equal: ' 3 ',
      amount_notequal: '-4',
      amount_ge: '1',
      amount_le: '9',
      amount_gt: '0',
      amount_lt: '10',
      price_ge: '1.25',
      ownerId_equal: '1123598821738675201',
      dueDate_datege: '2024-01-01',
      dueDate_dategt: '2024-01-01 08:00:00',
      dueDate_dateequal: '2024-02-29',
      dueDate_datele: '2024-12-31 23:59:59',
      dueDate_datelt: '2025-01-01',
      dueDate_ge: '2024-03-01',
      kind_equal: '1',
      createTime_dategt: '2024-01-01 00:00:00',
      createTime_datelt: '2024-02-01',
    });
    if (!r.ok) throw new Error(r.message.zh);
    const summary = Object.fromEntries(r.filters.map((f) => [f.key, [f.column, f.op, f.value]]));
    expect(summary).toEqual({
      title_equal: ['title', 'equal', 'a'],
      title_notlike: ['title', 'notlike', 'b'],
      title_likeleft: ['title', 'likeleft', 'c'],
      title_likeright: ['title', 'likeright', 'd'],
      title_null: ['title', 'null', ''],
      title_notnull: ['title', 'notnull', ''],
      amount_equal: ['amount', 'equal', '3'],
      amount_notequal: ['amount', 'notequal', '-4'],
      amount_ge: ['amount', 'ge', '1'],
      amount_le: ['amount', 'le', '9'],
      amount_gt: ['amount', 'gt', '0'],
      amount_lt: ['amount', 'lt', '10'],
      price_ge: ['price', 'ge', '1.25'],
      ownerId_equal: ['owner', 'equal', '1123598821738675201'],
      dueDate_datege: ['due_date', 'datege', '2024-01-01 00:00:00'],
      dueDate_dategt: ['due_date', 'dategt', '2024-01-01 08:00:00'],
      dueDate_dateequal: ['due_date', 'dateequal', '2024-02-29 00:00:00'],
      dueDate_datele: ['due_date', 'datele', '2024-12-31 23:59:59'],
      dueDate_datelt: ['due_date', 'datelt', '2025-01-01 00:00:00'],
      dueDate_ge: ['due_date', 'ge', '2024-03-01 00:00:00'],
      kind_equal: ['kind', 'equal', '1'],
      createTime_dategt: ['create_time', 'dategt', '2024-01-01 00:00:00'],
      createTime_datelt: ['create_time', 'datelt', '2024-02-01 00:00:00'],
    });
    expect(r.filters.find((f) => f.key === 'createTime_dategt')).toMatchObject({ audit: true, type: 'datetime' });
    expect(r.filters.find((f) => f.key === 'dueDate_dateequal')?.dateOnly).toBe(true);
  });

  test('a key naming no field, or an operator the field does not allow, is refused by name', () => {
    const refused = (query: Record<string, string>) => {
      const r = parseFilters(entity, query);
      return r.ok ? null : r.message.zh;
    };
    expect(refused({ nothing: 'x' })).toBe('不支持的查询条件: nothing');
    expect(refused({ 'title; drop table x': '1' })).toBe('不支持的查询条件: title; drop table x');
    expect(refused({ note: 'x' })).toBe('不支持的查询条件: note'); // no search operator: no filter
    expect(refused({ amount: '3' })).toBe('不支持的查询条件: amount'); // bare key = like, amount is equal only
    expect(refused({ title_ge: 'a' })).toBe('不支持的查询条件: title_ge');
    expect(refused({ title_bogus: 'a' })).toBe('不支持的查询条件: title_bogus');
    expect(refused({ createTime_like: '2024' })).toBe('不支持的查询条件: createTime_like');
    expect(refused({ create_time_dategt: '2024-01-01' })).toBe('不支持的查询条件: create_time_dategt');
    expect(refused({ tenantId: '000000' })).toBe('不支持的查询条件: tenantId');
    expect(refused({ isDeleted_equal: '1' })).toBe('不支持的查询条件: isDeleted_equal');
    const noRange = { ...entity, createTimeRange: false };
    expect(parseFilters(noRange, { createTime_dategt: '2024-01-01' })).toMatchObject({ ok: false, message: { zh: '不支持的查询条件: createTime_dategt' } });
  });

  test('values must fit the field: numbers, ids and dates', () => {
    const message = (query: Record<string, string>) => {
      const r = parseFilters(entity, query);
      return r.ok ? null : r.message.zh;
    };
    expect(message({ amount_equal: '1 or 1=1' })).toBe('查询条件格式错误: amount_equal');
    expect(message({ amount_ge: '1.5' })).toBe('查询条件格式错误: amount_ge');
    expect(message({ price_ge: '1e9' })).toBe('查询条件格式错误: price_ge');
    expect(message({ ownerId_equal: '-1' })).toBe('查询条件格式错误: ownerId_equal');
    expect(message({ dueDate_datege: '2024/01/01' })).toBe('查询条件格式错误: dueDate_datege');
    expect(message({ dueDate_datege: '2024-02-30' })).toBe('查询条件格式错误: dueDate_datege');
    expect(message({ createTime_dategt: '2024-01-01 24:00:00' })).toBe('查询条件格式错误: createTime_dategt');
    expect(message({ createTime_dategt: '2024-01-01T00:00:00Z' })).toBe('查询条件格式错误: createTime_dategt');
    expect(message({ kind_equal: 'x' })).toBe('查询条件格式错误: kind_equal');
    expect(message({ title: 'x'.repeat(1001) })).toBe('查询条件格式错误: title');
    // Text operators take any text: it is bound as a parameter, never pasted.
    expect(parseFilters(entity, { title: "%' or 1=1 --" })).toMatchObject({ ok: true, filters: [{ value: "%' or 1=1 --" }] });
  });
});

describe('helpers', () => {
  test('allowedOps: the search operator, a range as the date operators, plus filters', () => {
    expect(allowedOps(entity.fields.title).sort()).toEqual(['equal', 'like', 'likeleft', 'likeright', 'notlike', 'notnull', 'null'].sort());
    expect(allowedOps(entity.fields.dueDate).sort()).toEqual(['datege', 'dategt', 'dateequal', 'datele', 'datelt', 'ge'].sort());
    expect(allowedOps(entity.fields.note)).toEqual([]);
  });

  test('parseDateTime accepts the two BladeX forms of real dates only', () => {
    expect(parseDateTime('2024-02-29 23:59:59')).toEqual({ value: '2024-02-29 23:59:59', dateOnly: false });
    expect(parseDateTime('2024-02-29')).toEqual({ value: '2024-02-29 00:00:00', dateOnly: true });
    expect(parseDateTime('2023-02-29')).toBeNull();
    expect(parseDateTime('2024-1-1')).toBeNull();
    expect(parseDateTime('')).toBeNull();
  });
});
