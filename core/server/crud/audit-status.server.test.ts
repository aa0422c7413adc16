import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineResource } from '../../schema/resource';
import { defineEntity } from '../../schema/entity';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import { checkEntity, entityTableParts } from './index';

/**
 * An audit entity's `status` column holds BladeX's business state: a whole-number field named `status`
 * declares it (its choices, its filter, its place in the form) and is stored in that column, instead of
 * the constant 1 the engine writes otherwise.
 */
const shop = defineEntity({
  name: 'shop',
  table: 'demo_shop',
  label: { zh: '门店', en: 'Shop' },
  api: { base: '/api/demo/shop', list: 'page', save: 'save-update' },
  fields: {
    name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true },
    status: {
      type: 'select',
      label: { zh: '状态', en: 'Status' },
      options: [
        { value: 1, label: { zh: '启用', en: 'Enabled' } },
        { value: 2, label: { zh: '停用', en: 'Disabled' } },
      ],
      default: 1,
      search: 'equal',
    },
  },
});

const demo = defineServerPlugin({ id: 'demo', name: { zh: '演示', en: 'Demo' }, resources: [defineResource({ entity: shop, menu: { parent: 'system', sort: 1 } })] }, {});

let ts: TestServer;
let admin: string;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
});
afterAll(() => ts.close());

describe('a status field of an audit entity', () => {
  test('is stored in the audit column: one status column, not null, 1 unless given', () => {
    const columns = entityTableParts(shop).columns.filter((c) => c.name === 'status');
    expect(columns).toEqual([{ name: 'status', type: 'integer', notNull: true, default: '1' }]);
  });

  test('is written, read, filtered and validated like any field', async () => {
    const save = (json: unknown) => ts.post('/api/demo/shop/save', { token: admin, json });
    expect((await save({ name: '东店', status: 2 })).status).toBe(200);
    expect((await save({ name: '西店' })).status).toBe(200);
    const bad = await save({ name: '南店', status: 7 });
    expect([bad.status, bad.body.msg]).toEqual([400, '请求参数格式错误: status']);

    const list = async (query: Record<string, string> = {}) => (await ts.get('/api/demo/shop/page', { token: admin, query })).body.data.records as { name: string; status: number; id: string }[];
    expect((await list()).map((r) => [r.name, r.status]).sort()).toEqual([
      ['东店', 2],
      ['西店', 1],
    ]);
    expect((await list({ status_equal: '2' })).map((r) => r.name)).toEqual(['东店']);

    const east = (await list({ status_equal: '2' }))[0]!;
    expect((await ts.post('/api/demo/shop/update', { token: admin, json: { id: east.id, status: 1 } })).status).toBe(200);
    expect((await list({ status_equal: '1' })).map((r) => r.name).sort()).toEqual(['东店', '西店']);
  });

  test('a status field that is not a whole number still may not claim the column', () => {
    const odd = defineEntity({ name: 'odd', label: { zh: '怪', en: 'Odd' }, api: { base: '/api/demo/odd' }, fields: { status: { type: 'string', label: { zh: '状态', en: 'Status' } } } });
    expect(() => checkEntity(odd)).toThrow('reserved column "status"');
  });
});
