import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { defineResource } from '../../schema/resource';
import { defineEntity } from '../../schema/entity';
import type { ServerContext } from '../context';
import { defineServerPlugin } from '../plugin';
import { createTestServer, type TestServer } from '../test-server';
import type { Where } from './index';

/**
 * The engine's options beyond hooks and access rules, on a tree defined here: endpoints left to the
 * plugin (`skip`), a resource's own condition (`where`), lists narrowed under other names (`views`), the
 * super administrator addressing another tenant (`otherTenants`), an add that brings a removed row back
 * (`restore`), equal sorts in the order rows were made, and options given from the server's context.
 */

/** Folders and files (`kind` 2) in a tree; archived rows are outside the resource. */
const folder = defineEntity({
  name: 'folder',
  table: 'demo_folder',
  label: { zh: '目录', en: 'Folder' },
  audit: false,
  api: { base: '/api/demo/folder' },
  sort: { field: 'sort', order: 'asc', ties: 'oldest' },
  tree: { title: 'name' },
  unique: [{ fields: ['code'], message: { zh: '编号已存在', en: 'Code taken' } }],
  fields: {
    name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: true, search: 'like' },
    code: { type: 'string', label: { zh: '编号', en: 'Code' }, required: true, search: 'equal' },
    kind: { type: 'integer', label: { zh: '类型', en: 'Kind' }, default: 1 },
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' }, default: 1 },
    archived: { type: 'integer', label: { zh: '归档', en: 'Archived' }, writable: 'never', form: false },
    parentId: { type: 'id', label: { zh: '上级', en: 'Parent' }, default: '0', writable: 'always', form: false },
  },
});

const notArchived: Where = () => 'coalesce(archived, 0) = 0';
const foldersOnly: Where = (p) => `kind = ${p.add(1)}`;
let optionsContext: ServerContext | undefined;

const demo = defineServerPlugin(
  { id: 'demo', name: { zh: '演示', en: 'Demo' }, resources: [defineResource({ entity: folder, menu: { parent: 'system', sort: 1 } })] },
  {
    resources: {
      folder: (ctx) => {
        optionsContext = ctx;
        return {
          where: notArchived,
          skip: ['tree', 'lazy-tree'],
          views: { 'folder-list': { of: 'list', where: foldersOnly }, 'lazy-folder-list': { of: 'lazy-list', where: foldersOnly } },
          otherTenants: true,
          hooks: {
            // An add whose code a removed row holds brings that row back.
            async beforeChange(change) {
              if (change.mode !== 'add') return;
              const removed = await change.tx.one<{ id: string }>('select id::text as id from demo_folder where tenant_id = $1 and code = $2 and is_deleted = 1', [
                change.user.tenantId,
                change.values.code,
              ]);
              change.restore = removed?.id;
            },
          },
        };
      },
    },
  },
);

let ts: TestServer;
let admin: string;
let viewer: string; // holds `folder` only
let boss: string; // administrator of tenant 600001

type Row = Record<string, unknown> & { id: string; name: string; hasChildren?: boolean; children?: Row[] };
const get = async (action: string, query: Record<string, string> = {}, token = admin): Promise<Row[]> => {
  const res = await ts.get(`/api/demo/folder/${action}`, { token, query });
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Row[];
};
const submit = (json: unknown, token = admin) => ts.post('/api/demo/folder/submit', { token, json });
const add = async (name: string, over: Record<string, unknown> = {}, token = admin) => {
  const res = await submit({ name, code: name, ...over }, token);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (await get('lazy-list', { name }, token)).find((r) => r.name === name)!.id;
};
const names = (rows: Row[]) => rows.map((r) => r.name);
const levels = (rows: Row[]) => rows.map((r) => [r.name, r.hasChildren]);

beforeAll(async () => {
  ts = await createTestServer({ plugins: [demo] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  const viewerRole = await ts.addRole({ tenantId: '000000', alias: 'viewer', codes: ['folder'] });
  await ts.addUser({ tenantId: '000000', account: 'viewer', password: 'pw', roleId: viewerRole });
  viewer = (await ts.signIn('viewer', 'pw')).access_token;
  const { adminRoleId } = await ts.addTenant('600001');
  await ts.addUser({ tenantId: '600001', account: 'boss', password: 'pw', roleId: adminRoleId });
  boss = (await ts.signIn('boss', 'pw', '600001')).access_token;
});
afterAll(() => ts.close());

describe('engine options', () => {
  test('options given as a function get the server context; skipped tree endpoints are not mounted', async () => {
    expect(optionsContext).toBe(ts.ctx);
    expect((await ts.get('/api/demo/folder/tree', { token: admin })).status).toBe(404);
    expect((await ts.get('/api/demo/folder/lazy-tree', { token: admin })).status).toBe(404);
    expect((await ts.get('/api/demo/folder/lazy-list', { token: admin })).status).toBe(200);
  });

  test('rows of equal sort come in the order they were made (ties: oldest), in the list and the lazy list', async () => {
    const first = await add('一');
    await add('二');
    await add('三');
    await add('零', { sort: 0 });
    expect(names(await get('lazy-list'))).toEqual(['零', '一', '二', '三']);
    expect(names(await get('list'))).toEqual(['零', '一', '二', '三']);
    for (const name of ['甲', '乙', '丙']) await add(name, { parentId: first });
    expect(names(await get('lazy-list', { parentId: first }))).toEqual(['甲', '乙', '丙']);
  });

  test('where: rows outside it are not listed, not counted as children, and do not hold their parent back', async () => {
    const box = await add('盒');
    const inside = await add('旧物', { parentId: box });
    expect(levels(await get('lazy-list', { name: '盒' }))).toEqual([['盒', true]]);
    await ts.ctx.db.system((tx) => tx.query('update demo_folder set archived = 1 where id = $1', [inside]));
    expect(levels(await get('lazy-list', { name: '盒' }))).toEqual([['盒', false]]);
    expect(names(await get('lazy-list', { parentId: box }))).toEqual([]);
    expect((await ts.get('/api/demo/folder/detail', { token: admin, query: { id: inside } })).body.data).toBeNull();
    expect((await ts.post('/api/demo/folder/remove', { token: admin, query: { ids: box } })).body.success).toBe(true);
  });

  test('views: the list and the lazy list under other names, narrowed, with hasChildren following the view', async () => {
    const docs = await add('文档');
    await add('说明.txt', { parentId: docs, kind: 2 });
    const photos = await add('照片');
    await add('旅行', { parentId: photos });
    await add('封面.jpg', { parentId: photos, kind: 2 });

    expect(levels(await get('lazy-list', { parentId: photos }))).toEqual([['旅行', false], ['封面.jpg', false]]);
    expect(levels(await get('lazy-folder-list', { parentId: photos }))).toEqual([['旅行', false]]);
    const roots = await get('lazy-folder-list');
    expect(roots.find((r) => r.name === '文档')?.hasChildren).toBe(false); // its one child is a file
    expect(roots.find((r) => r.name === '照片')?.hasChildren).toBe(true);
    expect((await get('lazy-list')).find((r) => r.name === '文档')?.hasChildren).toBe(true);

    const tree = await get('folder-list');
    expect(tree.find((r) => r.name === '照片')?.children?.map((c) => c.name)).toEqual(['旅行']);
    expect(tree.find((r) => r.name === '文档')).not.toHaveProperty('children');
    expect(JSON.stringify(tree)).not.toContain('.txt');
    expect((await ts.get('/api/demo/folder/folder-list', { token: admin, query: { bogus: '1' } })).body.msg).toBe('不支持的查询条件: bogus');
  });

  test('otherTenants: the super administrator addresses another tenant with tenantId; anyone else’s ask is ignored', async () => {
    expect((await submit({ name: '分部', code: 'branch', tenantId: '600001' })).status).toBe(200);
    expect(names(await get('lazy-list', { name: '分部' }))).toEqual([]);
    const [theirs] = await get('lazy-list', { name: '分部', tenantId: '600001' });
    expect(theirs).toMatchObject({ name: '分部', tenantId: '600001' });
    expect(names(await get('list', { tenantId: '600001' }))).toEqual(['分部']);
    expect(names(await get('lazy-list', {}, boss))).toEqual(['分部']);
    // The tenant's own administrator stays in its tenant whatever it asks.
    expect(names(await get('lazy-list', { tenantId: '000000' }, boss))).toEqual(['分部']);
    expect((await submit({ name: '越界', code: 'out', tenantId: '000000' }, boss)).status).toBe(200);
    expect(names(await get('lazy-list', { name: '越界' }, boss))).toEqual(['越界']);
    expect(names(await get('lazy-list', { name: '越界' }))).toEqual([]);

    const detail = async (query: Record<string, string>) => (await ts.get('/api/demo/folder/detail', { token: admin, query })).body.data;
    expect(await detail({ id: theirs!.id })).toBeNull();
    expect(await detail({ id: theirs!.id, tenantId: '600001' })).toMatchObject({ name: '分部', parentName: '顶级' });
    expect((await submit({ id: theirs!.id, name: '分公司', tenantId: '600001' })).status).toBe(200);
    expect(names(await get('lazy-list', {}, boss))).toEqual(['分公司', '越界']);
    expect((await ts.post('/api/demo/folder/remove', { token: admin, query: { ids: theirs!.id } })).body.success).toBe(false);
    expect((await ts.post('/api/demo/folder/remove', { token: admin, query: { ids: theirs!.id, tenantId: '600001' } })).body.success).toBe(true);
    expect(names(await get('lazy-list', {}, boss))).toEqual(['越界']);

    const bad = await ts.get('/api/demo/folder/list', { token: admin, query: { tenantId: "1' or 1=1" } });
    expect([bad.status, bad.body.msg]).toEqual([400, '请求参数格式错误: tenantId']);
  });

  test('restore: an add a hook turns into bringing back a removed row keeps the row’s id', async () => {
    const id = await add('回收', { sort: 5 });
    expect((await ts.post('/api/demo/folder/remove', { token: admin, query: { ids: id } })).body.success).toBe(true);
    expect(names(await get('lazy-list', { name: '回收' }))).toEqual([]);
    expect((await submit({ name: '回收', code: '回收', sort: 6 })).status).toBe(200);
    const [back] = await get('lazy-list', { name: '回收' });
    expect(back).toMatchObject({ id, name: '回收', sort: 6, isDeleted: 0 });
    const count = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from demo_folder where code = '回收'`));
    expect(count?.n).toBe(1);
  });

  test('a caller who may not write is refused before a malformed body is read; one who may gets the 400', async () => {
    const bodies = [{ body: '"not json"' }, { body: '[1, 2]' }, { body: '{bad' }, { body: '{"id": "abc"}' }];
    for (const { body } of bodies) {
      const refused = await ts.post('/api/demo/folder/submit', { token: viewer, body, headers: { 'content-type': 'application/json' } });
      expect([body, refused.status, refused.body.msg]).toEqual([body, 403, '没有权限执行此操作']);
      const answered = await ts.post('/api/demo/folder/submit', { token: admin, body, headers: { 'content-type': 'application/json' } });
      expect([body, answered.status]).toEqual([body, 400]);
    }
    expect(ts.logged).toEqual([]);
  });
});
