import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { hashPassword, md5, nextTenantId, provisionTenant, SEED } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import deptServer from './server';

/** The departments API (lists, trees, detail, submit, remove): a tree per tenant on the kernel's blade_dept. */

let ts: TestServer;
let admin: string;
let demoTenant: string; // admin of tenant 100001
let reader: string; // tenant 000000, codes dept + dept_view only

type Node = Record<string, unknown> & { id: string; children?: Node[] };
const get = async (action: string, query: Record<string, string> = {}, token = admin) => {
  const res = await ts.get(`/api/blade-system/dept/${action}`, { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const submit = (json: unknown, token = admin) => ts.post('/api/blade-system/dept/submit', { token, json });
const remove = (ids: string, token = admin) => ts.post('/api/blade-system/dept/remove', { token, query: { ids } });
const idOf = async (name: string, token = admin) => ((await get('lazy-list', { deptName: name }, token)) as Node[])[0]!.id;

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, deptServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoTenant = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'dept_reader', codes: ['dept', 'dept_view'] });
  await ts.addUser({ tenantId: '000000', account: 'reader', password: 'reader', roleId });
  reader = (await ts.signIn('reader', 'reader')).access_token;
  // 布雷德科技 → 研发部 → 前端组, 布雷德科技 → 市场部
  expect((await submit({ parentId: SEED.deptId, deptName: '研发部', fullName: '研发部', deptCategory: 2, sort: 1 })).body.success).toBe(true);
  expect((await submit({ parentId: SEED.deptId, deptName: '市场部', fullName: '市场部', deptCategory: 2, sort: 2 })).body.success).toBe(true);
  expect((await submit({ parentId: await idOf('研发部'), deptName: '前端组', fullName: '前端组', deptCategory: 3, sort: 1 })).body.success).toBe(true);
});
afterAll(() => ts.close());

describe('/api/blade-system/dept', () => {
  test('list: the DeptVO tree with children and parentName', async () => {
    const tree = (await get('list')) as Node[];
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: SEED.deptId, parentId: '0', parentName: '顶级', deptName: '布雷德科技', ancestors: '0', tenantId: '000000', hasChildren: true });
    expect(tree[0]!.children!.map((n) => [n.deptName, n.parentName])).toEqual([['研发部', '布雷德科技'], ['市场部', '布雷德科技']]);
    const rd = tree[0]!.children![0]!;
    expect(rd.children!.map((n) => [n.deptName, n.ancestors])).toEqual([['前端组', `0,${SEED.deptId},${rd.id}`]]);
    expect(tree[0]!.children![1]!.children).toBeUndefined();
  });

  test('lazy-list: one level with hasChildren', async () => {
    expect(((await get('lazy-list')) as Node[]).map((n) => [n.deptName, n.hasChildren])).toEqual([['布雷德科技', true]]);
    const level = (await get('lazy-list', { parentId: SEED.deptId })) as Node[];
    expect(level.map((n) => [n.deptName, n.hasChildren, n.parentName])).toEqual([['研发部', true, '布雷德科技'], ['市场部', false, '布雷德科技']]);
    expect(level[0]!.children).toBeUndefined();
  });

  test('tree and lazy-tree: TreeNode shapes; administrators may ask for another tenant', async () => {
    const tree = (await get('tree')) as Node[];
    expect(tree[0]).toMatchObject({ id: SEED.deptId, parentId: '0', title: '布雷德科技', key: SEED.deptId, value: SEED.deptId, hasChildren: true });
    expect(Object.keys(tree[0]!).sort()).toEqual(['children', 'hasChildren', 'id', 'key', 'parentId', 'title', 'value']);
    expect(tree[0]!.children!.map((n) => n.title)).toEqual(['研发部', '市场部']);
    const lazy = (await get('lazy-tree', { parentId: SEED.deptId })) as Node[];
    expect(lazy.map((n) => [n.title, n.hasChildren])).toEqual([['研发部', true], ['市场部', false]]);
    expect(((await get('tree', { tenantId: '100001' })) as Node[]).map((n) => n.title)).toEqual(['演示租户']);
    // Another tenant's caller gets their own tree, whatever they ask.
    expect(((await get('tree', { tenantId: '000000' }, demoTenant)) as Node[]).map((n) => n.title)).toEqual(['演示租户']);
  });

  test('detail: parentName, 顶级 for a root', async () => {
    expect(await get('detail', { id: SEED.deptId })).toMatchObject({ deptName: '布雷德科技', parentName: '顶级', parentId: '0' });
    expect(await get('detail', { id: await idOf('前端组') })).toMatchObject({ deptName: '前端组', parentName: '研发部', deptCategory: 3 });
  });

  test('submit: rules, own parent refused, ancestors follow a move', async () => {
    expect((await submit({ fullName: 'x', deptCategory: 1, sort: 1 })).body.msg).toBe('请输入机构名称');
    expect((await submit({ deptName: 'x', deptCategory: 1, sort: 1 })).body.msg).toBe('请输入机构全称');
    expect((await submit({ deptName: 'x', fullName: 'x', sort: 1 })).body.msg).toBe('请选择机构类型');
    expect((await submit({ deptName: 'x'.repeat(46), fullName: 'x', deptCategory: 1, sort: 1 })).body.msg).toBe('deptName: 长度不能超过45个字符');
    const rd = await idOf('研发部');
    const self = await submit({ id: rd, parentId: rd, deptName: '研发部', fullName: '研发部', deptCategory: 2, sort: 1 });
    expect([self.status, self.body.msg]).toEqual([400, '父节点不可选择自身!']);
    const under = await submit({ id: rd, parentId: await idOf('前端组'), deptName: '研发部', fullName: '研发部', deptCategory: 2, sort: 1 });
    expect(under.body.msg).toBe('父节点不可选择自身!');
    // Move 研发部 under 市场部: 前端组 follows.
    const market = await idOf('市场部');
    expect((await submit({ id: rd, parentId: market, deptName: '研发部', fullName: '研发部', deptCategory: 2, sort: 1 })).status).toBe(200);
    expect(await get('detail', { id: await idOf('前端组') })).toMatchObject({ ancestors: `0,${SEED.deptId},${market},${rd}` });
    expect((await submit({ id: rd, parentId: SEED.deptId, deptName: '研发部', fullName: '研发部', deptCategory: 2, sort: 1 })).status).toBe(200);
    expect(await get('detail', { id: await idOf('前端组') })).toMatchObject({ ancestors: `0,${SEED.deptId},${rd}` });
  });

  test('remove: refused while children exist', async () => {
    const rd = await idOf('研发部');
    const refused = await remove(rd);
    expect([refused.status, refused.body.msg]).toEqual([400, '请先删除子节点!']);
    expect((await submit({ parentId: rd, deptName: '临时组', fullName: '临时组', deptCategory: 3, sort: 9 })).status).toBe(200);
    expect((await remove(await idOf('临时组'))).body.success).toBe(true);
    expect(((await get('lazy-list', { parentId: rd })) as Node[]).map((n) => n.deptName)).toEqual(['前端组']);
  });

  test('tenant isolation: a parent of another tenant is refused; their rows do not exist here', async () => {
    const theirs = ((await get('lazy-list', {}, demoTenant)) as Node[])[0]!.id;
    expect((await submit({ parentId: theirs, deptName: '越界', fullName: '越界', deptCategory: 2, sort: 1 })).body.msg).toBe('上级机构不存在');
    expect(await get('detail', { id: theirs })).toBeNull();
    expect((await submit({ id: theirs, deptName: 'x', fullName: 'x', deptCategory: 1, sort: 1 })).body.msg).toBe('数据不存在');
    expect((await remove(theirs)).body.success).toBe(false);
    expect(((await get('list', {}, demoTenant)) as Node[]).map((n) => n.deptName)).toEqual(['演示租户']);
    expect((await submit({ parentId: theirs, deptName: '分部', fullName: '分部', deptCategory: 2, sort: 1 }, demoTenant)).status).toBe(200);
    expect(((await get('list')) as Node[]).flatMap((n) => [n, ...(n.children ?? [])]).map((n) => n.deptName)).not.toContain('分部');
  });

  test('permissions: dept to read (the trees: any member), dept_add / _edit / _delete to write', async () => {
    expect(((await get('list', {}, reader)) as Node[]).length).toBe(1);
    expect(((await get('tree', {}, reader)) as Node[]).length).toBe(1);
    const add = await submit({ deptName: 'r', fullName: 'r', deptCategory: 1, sort: 1 }, reader);
    expect([add.status, add.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect((await submit({ id: SEED.deptId, deptName: 'r', fullName: 'r', deptCategory: 1, sort: 1 }, reader)).status).toBe(403);
    expect((await remove(await idOf('市场部'), reader)).status).toBe(403);
    const none = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
    await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: none });
    const nobody = (await ts.signIn('nobody', 'nobody')).access_token;
    for (const action of ['list', 'lazy-list', 'detail?id=1']) {
      const [path, q] = action.split('?');
      expect((await ts.get(`/api/blade-system/dept/${path}`, { token: nobody, query: q ? { id: '1' } : {} })).status).toBe(403);
    }
    // The trees are a selector's choices (names only): any member of the tenant may read them.
    const tree = (await ts.get('/api/blade-system/dept/tree', { token: nobody })).body.data as Node[];
    expect(tree.map((n) => n.title)).toEqual(['布雷德科技']);
    expect(Object.keys(tree[0]!).sort()).toEqual(['children', 'hasChildren', 'id', 'key', 'parentId', 'title', 'value'].filter((k) => k in tree[0]!).sort());
  });
});

describe('what the kernel asks of departments', () => {
  test("a user's department names, and a new tenant's first department, its administrator's", async () => {
    expect((await ts.get('/api/blade-user/info', { token: admin })).body.data).toMatchObject({ deptId: SEED.deptId, deptName: '布雷德科技' });
    const tenantId = await ts.ctx.db.system(async (tx) => {
      const id = await nextTenantId(tx);
      await provisionTenant(tx, ts.ctx.ids, ts.ctx.extensions, { tenantId: id, tenantName: '新租户', adminPasswordHash: await hashPassword(md5('admin')) });
      return id;
    });
    const newAdmin = (await ts.signIn('admin', 'admin', tenantId)).access_token;
    expect((await ts.get('/api/blade-user/info', { token: newAdmin })).body.data).toMatchObject({ deptName: '新租户' });
    expect(((await ts.get('/api/blade-system/dept/tree', { token: newAdmin })).body.data as Node[]).map((n) => n.title)).toEqual(['新租户']);
  });

  test('the departments at or below a set of departments (a data scope of a department and its children)', async () => {
    const within = await ts.ctx.db.tenant('000000', (tx) => ts.ctx.extensions.orgUnitsWithin!(tx, '000000', [SEED.deptId]));
    const names = await ts.ctx.db.tenant('000000', (tx) => ts.ctx.extensions.names.dept!(tx, '000000', within));
    expect(names).toEqual(expect.arrayContaining(['布雷德科技', '研发部', '市场部']));
    const leaf = await idOf('市场部');
    expect(await ts.ctx.db.tenant('000000', (tx) => ts.ctx.extensions.orgUnitsWithin!(tx, '000000', [leaf]))).toEqual([leaf]);
  });
});
