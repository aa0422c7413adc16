import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import { REGION_SEED } from './region-data';
import regionServer from './server';

/** The regions API: a global tree keyed by code below 00 中国. */

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin (role alias `admin`) of tenant 100001
let reader: string; // tenant 000000, the `region` menu only
let stranger: string; // tenant 000000, no region code at all

type Json = Record<string, any>;
const API = '/api/blade-system/region';
const get = (action: string, query: Record<string, string> = {}, token = admin) => ts.get(`${API}/${action}`, { token, query });
const data = async (action: string, query: Record<string, string> = {}, token = admin) => {
  const res = await get(action, query, token);
  if (res.status !== 200) throw new Error(`${action}: ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const submit = (json: unknown, token = admin) => ts.post(`${API}/submit`, { token, json });
const remove = (id: string | undefined, token = admin) => ts.post(`${API}/remove`, { token, query: { id } });
const row = (code: string) => ts.ctx.db.system((tx) => tx.one<Json>('select * from blade_region where code = $1', [code]));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [regionServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  const readerRole = await ts.addRole({ tenantId: '000000', alias: 'region_reader', codes: ['region'] });
  await ts.addUser({ tenantId: '000000', account: 'reader', password: 'reader', roleId: readerRole });
  reader = (await ts.signIn('reader', 'reader')).access_token;
  const noneRole = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'stranger', password: 'stranger', roleId: noneRole });
  stranger = (await ts.signIn('stranger', 'stranger')).access_token;
});
afterAll(() => ts.close());

describe('/api/blade-system/region: reading', () => {
  test('the seed: 中国, its 34 provincial-level divisions, 广东’s cities, 北京’s and 上海’s districts', async () => {
    const seeded = await ts.ctx.db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from blade_region'));
    expect(seeded!.n).toBe(1 + REGION_SEED.reduce((n, g) => n + g.children.length, 0));
    expect(REGION_SEED[0]!.children).toHaveLength(34);
    expect(await row('440300')).toBeUndefined();
    expect(await row('4403')).toMatchObject({ name: '深圳市', parent_code: '44', ancestors: '00,44', region_level: 2, province_code: '44', province_name: '广东省', city_code: '4403', city_name: '深圳市', district_code: null });
    expect(await row('310115')).toMatchObject({ name: '浦东新区', ancestors: '00,31,3101', region_level: 3, province_name: '上海市', city_code: '3101', district_code: '310115', district_name: '浦东新区' });
    expect(await row('00')).toMatchObject({ name: '中国', parent_code: '', ancestors: '', region_level: 0 });
  });

  test('lazy-tree: TreeNodes one level at a time, starting at the root', async () => {
    const roots = await data('lazy-tree');
    expect(roots).toEqual([{ id: '00', parentId: '', title: '中国', key: '00', value: '00', hasChildren: true }]);
    const provinces = (await data('lazy-tree', { parentCode: '00' })) as Json[];
    expect(provinces).toHaveLength(34);
    expect(provinces.slice(0, 3).map((n) => [n.id, n.title])).toEqual([['11', '北京市'], ['12', '天津市'], ['13', '河北省']]);
    expect(provinces.find((n) => n.id === '44')).toMatchObject({ title: '广东省', parentId: '00', hasChildren: true });
    expect(provinces.find((n) => n.id === '13')!.hasChildren).toBe(false);
    expect(((await data('lazy-tree', { parentCode: '44' })) as Json[]).map((n) => n.title)).toContain('广州市');
    expect(await data('lazy-tree', { parentCode: '999999' })).toEqual([]);
  });

  test('lazy-list: RegionVOs with hasChildren and parentName, filtered by name', async () => {
    const districts = (await data('lazy-list', { parentCode: '1101' })) as Json[];
    expect(districts).toHaveLength(16);
    expect(districts[0]).toEqual({
      code: '110101', parentCode: '1101', ancestors: '00,11,1101', name: '东城区',
      provinceCode: '11', provinceName: '北京市', cityCode: '1101', cityName: '市辖区', districtCode: '110101', districtName: '东城区',
      townCode: '', townName: '', villageCode: '', villageName: '', regionLevel: 3, sort: 1, remark: '', hasChildren: false, parentName: '市辖区',
    });
    expect(((await data('lazy-list', { parentCode: '1101', name: '海淀' })) as Json[]).map((r) => r.code)).toEqual(['110108']);
  });

  test('list: paged, filters code, name and regionLevel; unknown filters refused', async () => {
    const provinces = await data('list', { regionLevel_equal: '1', size: '10', current: '2' });
    expect(provinces).toMatchObject({ total: 34, size: 10, current: 2, pages: 4 });
    expect(provinces.records).toHaveLength(10);
    expect(provinces.records[0]).toMatchObject({ code: '33', name: '浙江省', parentName: '中国', hasChildren: false });
    expect((await data('list', { code_likeright: '4401' })).records.map((r: Json) => r.name)).toEqual(['广州市']);
    expect((await data('list', { name: '浦东' })).records.map((r: Json) => r.code)).toEqual(['310115']);
    expect((await data('list', { code: '0101' })).records.map((r: Json) => r.code)).toEqual(['110101', '310101']);
    const bad = await get('list', { province: '广东' });
    expect([bad.status, bad.body.msg]).toEqual([400, '不支持的查询条件: province']);
    expect((await get('list', { regionLevel_equal: 'x' })).body.msg).toBe('查询条件格式错误: regionLevel_equal');
    expect((await get('list', { name: "' or 1=1 --" })).body.data.total).toBe(0);
  });

  test('detail and select', async () => {
    expect(await data('detail', { code: '4403' })).toMatchObject({ code: '4403', name: '深圳市', parentName: '广东省', hasChildren: false, regionLevel: 2 });
    expect(await data('detail', { code: '00' })).toMatchObject({ name: '中国', parentCode: '', parentName: '', hasChildren: true });
    const missing = await get('detail', { code: '123456' });
    expect([missing.status, missing.body.data, missing.body.msg]).toEqual([200, null, '暂无承载数据']);
    expect((await get('detail')).body.msg).toBe('缺少必要的请求参数: code');
    expect((await get('detail', { code: '44; drop table blade_region' })).body.msg).toBe('请求参数格式错误: code');
    expect((await get('lazy-tree', { parentCode: 'x'.repeat(20) })).status).toBe(400);
    const provinces = (await data('select', { code: '00' })) as Json[];
    expect(provinces).toHaveLength(34);
    expect(provinces[18]).toMatchObject({ code: '44', name: '广东省' });
    expect(((await data('select')) as Json[]).length).toBe(34);
    expect(((await data('select', { code: '3101' })) as Json[]).map((r) => r.name)).toContain('浦东新区');
  });
});

describe('/api/blade-system/region: writing', () => {
  test('submit a child: code = parent code + sub code, level, ancestors and the chain filled', async () => {
    const res = await submit({ parentCode: '4403', subCode: '04', name: '福田区', sort: 1 });
    expect([res.status, res.body.success]).toEqual([200, true]);
    expect(await data('detail', { code: '440304' })).toMatchObject({
      code: '440304', parentCode: '4403', parentName: '深圳市', ancestors: '00,44,4403', regionLevel: 3, sort: 1,
      provinceCode: '44', provinceName: '广东省', cityCode: '4403', cityName: '深圳市', districtCode: '440304', districtName: '福田区', townCode: '',
    });
    // The full code instead of a sub code; a town and a village below it.
    expect((await submit({ parentCode: '440304', code: '440304001', name: '南园街道', sort: 1 })).body.success).toBe(true);
    expect((await submit({ parentCode: '440304001', subCode: '001', name: '南园社区', sort: 1, remark: '<b>社区</b>' })).body.success).toBe(true);
    expect(await data('detail', { code: '440304001001' })).toMatchObject({
      regionLevel: 5, ancestors: '00,44,4403,440304,440304001', townCode: '440304001', townName: '南园街道', villageCode: '440304001001', villageName: '南园社区', remark: '<b>社区</b>',
    });
    const tooDeep = await submit({ parentCode: '440304001001', subCode: '1', name: 'x', sort: 1 });
    expect([tooDeep.status, tooDeep.body.msg]).toEqual([400, '村级区划不能再新增下级']);
    // A province right under the root: no prefix.
    expect((await submit({ parentCode: '00', subCode: '99', name: "测试'省", sort: 99 })).body.success).toBe(true);
    expect(await data('detail', { code: '99' })).toMatchObject({ name: "测试'省", regionLevel: 1, ancestors: '00', provinceCode: '99', provinceName: "测试'省" });
    expect((await data('lazy-tree', { parentCode: '4403' })).map((n: Json) => n.id)).toEqual(['440304']);
  });

  test('submit: rules and messages, nothing written on a refusal', async () => {
    const refused = async (json: unknown, msg: string) => {
      const res = await submit(json);
      expect([res.status, res.body.success, res.body.msg]).toEqual([400, false, msg]);
    };
    await refused({ parentCode: '4403', subCode: '05', sort: 1 }, '请输入区划名称');
    await refused({ parentCode: '4403', subCode: '05', name: '  ', sort: 1 }, '请输入区划名称');
    await refused({ parentCode: '4403', subCode: '05', name: '罗湖区' }, '请输入排序');
    await refused({ parentCode: '4403', subCode: '05', name: '罗湖区', sort: 'abc' }, '请求参数格式错误: sort');
    await refused({ parentCode: '4403', subCode: '05', name: '罗湖区', sort: -1 }, 'sort: 不能小于0');
    await refused({ parentCode: '4403', subCode: '0a', name: '罗湖区', sort: 1 }, '区划编号只能包含数字');
    await refused({ parentCode: '4403', subCode: '05', name: '罗'.repeat(65), sort: 1 }, 'name: 长度不能超过64个字符');
    await refused({ parentCode: '4403', subCode: '05', name: '罗湖区', sort: 1, remark: 'r'.repeat(256) }, 'remark: 长度不能超过255个字符');
    await refused({ parentCode: '4403', subCode: '1234567890', name: '罗湖区', sort: 1 }, 'code: 长度不能超过12个字符');
    await refused({ subCode: '05', name: '罗湖区', sort: 1 }, '请输入父区划编号');
    await refused({ parentCode: '8888', subCode: '05', name: '罗湖区', sort: 1 }, '上级区划不存在');
    await refused({ parentCode: '4403', name: '罗湖区', sort: 1 }, '请输入区划编号');
    await refused({ parentCode: '4403', code: '440105', name: '罗湖区', sort: 1 }, '区划编号须以上级区划编号开头');
    await refused({ parentCode: '4403', subCode: '04', name: '福田区', sort: 1 }, '区划编号已存在');
    await refused({ parentCode: '4403', subCode: '05', code: '440306', name: '罗湖区', sort: 1 }, '区划编号须为上级区划编号加区划子编号');
    await refused({ parentCode: { x: 1 }, subCode: '05', name: '罗湖区', sort: 1 }, '请求参数格式错误: parentCode');
    await refused([1, 2], '请求参数格式错误: body');
    const broken = await ts.post(`${API}/submit`, { token: admin, body: '{"name":', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await row('440305')).toBeUndefined();
  });

  test('edit keeps the code and parent; a new name follows into the descendants’ chain', async () => {
    const res = await submit({ code: '440304', parentCode: '00', name: '福田', sort: 3, remark: '改名' });
    expect(res.body.success).toBe(true);
    expect(await data('detail', { code: '440304' })).toMatchObject({ code: '440304', parentCode: '4403', name: '福田', sort: 3, remark: '改名', districtName: '福田' });
    expect(await row('440304001001')).toMatchObject({ district_name: '福田', town_name: '南园街道', village_name: '南园社区' });
    // Absent keys are left as they are; a blank required one is refused.
    expect((await submit({ code: '440304', name: '福田区' })).body.success).toBe(true);
    expect(await data('detail', { code: '440304' })).toMatchObject({ name: '福田区', sort: 3, remark: '改名' });
    expect((await submit({ code: '440304', sort: '' })).body.msg).toBe('请输入排序');
    // Saber edits with the sub code and the code both: the code exists, so it is an edit.
    expect((await submit({ parentCode: '4403', parentName: '深圳市', subCode: '04', code: '440304', name: '福田区', level: 3, sort: 2 })).body.success).toBe(true);
    expect(await data('detail', { code: '440304' })).toMatchObject({ name: '福田区', sort: 2, regionLevel: 3 });
  });

  test('remove?id=: refused while it has children; a leaf goes; an unknown code changes nothing', async () => {
    const withChildren = await remove('440304');
    expect([withChildren.status, withChildren.body.msg]).toEqual([400, '请先删除子节点!']);
    expect((await remove('440304001001')).body.success).toBe(true);
    expect((await remove('440304001')).body.success).toBe(true);
    expect((await remove('440304')).body.success).toBe(true);
    expect(await row('440304')).toBeUndefined();
    expect((await data('lazy-tree', { parentCode: '4403' }))).toEqual([]);
    const unknown = await remove('440304');
    expect([unknown.status, unknown.body.success, unknown.body.msg]).toEqual([200, false, '操作失败']);
    expect((await remove(undefined)).body.msg).toBe('缺少必要的请求参数: id');
    expect((await remove('1,2')).body.msg).toBe('请求参数格式错误: id');
    expect((await remove('99')).body.success).toBe(true);
  });
});

describe('/api/blade-system/region: who may', () => {
  test('reading needs the region menu; a tenant admin reads too', async () => {
    expect((await data('lazy-tree', {}, reader))[0].title).toBe('中国');
    expect((await data('list', { name: '广州' }, reader)).total).toBe(1);
    expect((await data('detail', { code: '44' }, demoAdmin)).name).toBe('广东省');
    for (const action of ['lazy-tree', 'lazy-list', 'list', 'detail', 'select']) {
      const res = await get(action, { code: '44' }, stranger);
      expect([action, res.status, res.body.msg]).toEqual([action, 403, '没有权限执行此操作']);
    }
    expect((await ts.get(`${API}/lazy-tree`)).status).toBe(401);
  });

  test('writing is the super administrator’s alone: a reader and a tenant’s own admin get 403, nothing changes', async () => {
    for (const token of [reader, demoAdmin, stranger]) {
      const add = await submit({ parentCode: '4403', subCode: '06', name: '南山区', sort: 1 }, token);
      expect([add.status, add.body.msg]).toEqual([403, '没有权限执行此操作']);
      const edit = await submit({ code: '4403', name: '深圳' }, token);
      expect(edit.status).toBe(403);
      const del = await remove('4453', token);
      expect(del.status).toBe(403);
    }
    expect(await row('440306')).toBeUndefined();
    expect(await row('4403')).toMatchObject({ name: '深圳市' });
    expect(await row('4453')).toMatchObject({ name: '云浮市' });
  });

  test('the menu and its buttons: the write buttons are administrator-only', async () => {
    const menus = await ts.ctx.db.system((tx) =>
      tx.query<{ code: string; administrator_only: number; path: string }>(
        `select code, administrator_only, path from blade_menu where code like 'region%' order by sort, code`,
      ),
    );
    expect(menus).toEqual([
      { code: 'region', administrator_only: 0, path: '/base/region' },
      { code: 'region_add', administrator_only: 1, path: '' },
      { code: 'region_edit', administrator_only: 1, path: '' },
      { code: 'region_delete', administrator_only: 1, path: '' },
    ]);
    const buttons = await ts.get('/api/blade-system/menu/buttons', { token: demoAdmin });
    expect(JSON.stringify(buttons.body.data)).not.toContain('region_add');
  });
});
