import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import postServer from './server';

/** The posts API on the kernel with the dictionaries and this plugin: the engine's endpoints and `select`. */

let ts: TestServer;
let admin: string;
let demoTenant: string; // admin of tenant 100001
let reader: string; // tenant 000000, codes post + post_view only

type Row = Record<string, string | number>;
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get('/api/blade-system/post/list', { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { records: Row[]; total: number };
};
const submit = (json: unknown, token = admin) => ts.post('/api/blade-system/post/submit', { token, json });

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, postServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoTenant = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const roleId = await ts.addRole({ tenantId: '000000', alias: 'post_reader', codes: ['post', 'post_view'] });
  await ts.addUser({ tenantId: '000000', account: 'reader', password: 'reader', roleId });
  reader = (await ts.signIn('reader', 'reader')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-system/post', () => {
  test('the menu and its buttons as declared: 岗位管理 under 系统管理, the four list buttons', async () => {
    type Node = { code: string; name: string; alias?: string; path?: string; source?: string; sort?: number; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'system')?.children?.find((m) => m.code === 'post')).toMatchObject({ name: '岗位管理', path: '/system/post', source: 'idcard', sort: 8 });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'post')?.children?.map((b) => [b.code, b.name, b.alias])).toEqual([
      ['post_add', '新增', 'add'],
      ['post_edit', '修改', 'edit'],
      ['post_delete', '删除', 'delete'],
      ['post_view', '查看', 'view'],
    ]);
  });

  test('the kernel table with SpringBlade posts, ordered by sort; search on code and name', async () => {
    const page = await list({ size: 20 });
    expect(page.records.map((r) => r.postCode)).toEqual(['ceo', 'coo', 'cfo', 'cto', 'cio', 'pm', 'hrm', 'staff']);
    expect(page.records[0]).toMatchObject({ id: '1123598817738675201', tenantId: '000000', postName: '首席执行官', sort: 1, remark: '总经理' });
    expect((await list({ postName: '经理' })).records.map((r) => r.postCode)).toEqual(['pm', 'hrm']);
    expect((await list({ category_equal: 3 })).records.map((r) => r.postCode)).toEqual(['staff']);
  });

  test('submit: required fields, lengths and the unique code; then add, edit, view and remove', async () => {
    expect((await submit({ postCode: 'x', postName: 'n', sort: 1 })).body.msg).toBe('请选择岗位类型');
    expect((await submit({ category: 1, postName: 'n', sort: 1 })).body.msg).toBe('请输入岗位编号');
    expect((await submit({ category: 1, postCode: 'x', sort: 1 })).body.msg).toBe('请输入岗位名称');
    expect((await submit({ category: 1, postCode: 'x', postName: 'n' })).body.msg).toBe('请输入岗位排序');
    expect((await submit({ category: 1, postCode: 'x'.repeat(13), postName: 'n', sort: 1 })).body.msg).toBe('postCode: 长度不能超过12个字符');
    expect((await submit({ category: 1, postCode: 'cto', postName: 'n', sort: 1 })).body.msg).toBe('岗位编号已存在');

    expect((await submit({ category: 4, postCode: 'intern', postName: '实习生', sort: 9, remark: '暂时' })).body.success).toBe(true);
    const [row] = (await list({ postCode: 'intern' })).records;
    expect(row).toMatchObject({ postName: '实习生', sort: 9, remark: '暂时', createUser: '1123598821738675201' });
    expect(String(row!.category)).toBe('4');
    expect((await submit({ id: row!.id, category: 3, postCode: 'intern', postName: '见习生', sort: 9 })).status).toBe(200);
    const detail = await ts.get('/api/blade-system/post/detail', { token: reader, query: { id: row!.id } });
    expect(detail.body.data).toMatchObject({ id: row!.id, postName: '见习生' });
    expect((await ts.post('/api/blade-system/post/remove', { token: admin, query: { ids: String(row!.id) } })).body.success).toBe(true);
    expect((await list({ postCode: 'intern' })).total).toBe(0);
  });

  test('select: the caller tenant’s posts; an administrator of 000000 may ask for another tenant', async () => {
    await submit({ category: 1, postCode: 'boss', postName: '老板', sort: 1 }, demoTenant);
    const mine = await ts.get('/api/blade-system/post/select', { token: demoTenant });
    expect((mine.body.data as Row[]).map((r) => r.postCode)).toEqual(['boss']);
    const mineAsking = await ts.get('/api/blade-system/post/select', { token: demoTenant, query: { tenantId: '000000' } });
    expect((mineAsking.body.data as Row[]).map((r) => r.postCode)).toEqual(['boss']);
    const theirs = await ts.get('/api/blade-system/post/select', { token: admin, query: { tenantId: '100001' } });
    expect((theirs.body.data as Row[]).map((r) => [r.postCode, r.tenantId])).toEqual([['boss', '100001']]);
    const own = await ts.get('/api/blade-system/post/select', { token: admin });
    expect((own.body.data as Row[]).map((r) => r.postCode)).toContain('ceo');
    const malformed = await ts.get('/api/blade-system/post/select', { token: admin, query: { tenantId: '1 or 1=1' } });
    expect([malformed.status, malformed.body.msg]).toEqual([400, '请求参数格式错误: tenantId']);
  });

  test('tenant isolation: another tenant’s post does not exist for list, detail, submit or remove', async () => {
    const [theirs] = (await list({ postCode: 'boss' }, demoTenant)).records;
    expect((await list({ postCode: 'boss' })).total).toBe(0);
    expect((await ts.get('/api/blade-system/post/detail', { token: admin, query: { id: theirs!.id } })).body.data).toBeNull();
    const steal = await submit({ id: theirs!.id, category: 1, postCode: 'boss', postName: 'x', sort: 1 });
    expect([steal.status, steal.body.msg]).toEqual([400, '数据不存在']);
    expect((await ts.post('/api/blade-system/post/remove', { token: admin, query: { ids: String(theirs!.id) } })).body.success).toBe(false);
    expect((await list({ postCode: 'boss' }, demoTenant)).records[0]!.postName).toBe('老板');
    // The same code is free in another tenant.
    expect((await submit({ category: 1, postCode: 'boss', postName: '老板', sort: 1 })).status).toBe(200);
  });

  test('permissions: post to read (select: any member), post_add / _edit / _delete to write', async () => {
    expect((await list({}, reader)).total).toBeGreaterThan(0);
    expect((await ts.get('/api/blade-system/post/select', { token: reader })).status).toBe(200);
    const add = await submit({ category: 1, postCode: 'r', postName: 'r', sort: 1 }, reader);
    expect([add.status, add.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect((await submit({ id: '1123598817738675201', category: 1, postCode: 'ceo', postName: 'x', sort: 1 }, reader)).status).toBe(403);
    expect((await ts.post('/api/blade-system/post/remove', { token: reader, query: { ids: '1123598817738675201' } })).status).toBe(403);
    const noneId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
    await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: noneId });
    const nobody = (await ts.signIn('nobody', 'nobody')).access_token;
    expect((await ts.get('/api/blade-system/post/list', { token: nobody })).status).toBe(403);
    // select is a selector's choices: any member of the tenant, names only.
    const choices = (await ts.get('/api/blade-system/post/select', { token: nobody })).body.data as Row[];
    expect(Object.keys(choices[0]!).sort()).toEqual(['category', 'id', 'postCode', 'postName', 'sort', 'tenantId']);
  });
});
