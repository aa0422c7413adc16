import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import cardServer from '../server';

/**
 * Companies through their published paths (`/api/company/information/*`): the engine's page, detail, save,
 * update and remove with the default-company rules, the selectors' `list`, `defaultCompany`, the demo
 * companies of both demo tenants, tenant isolation and the view-only `user` role.
 */
const BASE = '/api/company/information';
type Row = Record<string, unknown> & { id: string; name: string };

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin of 100001
let viewer: string; // demo / demo: the `user` role, view codes only
let nobody: string; // 000000, no codes at all

const en = { 'Accept-Language': 'en' };
const save = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/save`, { token, json, headers });
const update = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/update`, { token, json, headers });
const remove = (ids: string, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/remove`, { token, query: { ids }, headers });
const makeDefault = (id: string, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/defaultCompany`, { token, query: { id }, headers });
const rows = async (query: Record<string, string> = {}, token = admin): Promise<Row[]> => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.records;
};
const byName = async (name: string, token = admin) => {
  const row = (await rows({ name }, token)).find((r) => r.name === name);
  if (!row) throw new Error(`no company ${name}`);
  return row;
};
const defaults = async (token = admin) => (await rows({}, token)).filter((r) => r.isDefault === 1).map((r) => r.name);

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  const noneId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: noneId });
  nobody = (await ts.signIn('nobody', 'nobody')).access_token;
});
afterAll(() => ts.close());

describe('company: menu and demo data', () => {
  test('公司信息 hangs under 名片管理 with the four buttons and 设为默认', async () => {
    type Node = { code: string; name: string; path?: string; alias?: string; action?: number; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'card')?.children?.find((m) => m.code === 'company')).toMatchObject({ name: '公司信息', path: '/card/company' });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'company')?.children?.map((b) => [b.code, b.alias, b.action])).toEqual([
      ['company_add', 'add', 1],
      ['company_edit', 'edit', 2],
      ['company_delete', 'delete', 3],
      ['company_view', 'view', 2],
      ['company_default', 'default', 2],
    ]);
    // The `user` role sees the menu and may view; 设为默认 is not among its buttons.
    const viewerButtons = (await ts.get('/api/blade-system/menu/buttons', { token: viewer })).body.data as Node[];
    expect(viewerButtons.find((m) => m.code === 'company')?.children?.map((b) => b.code)).toEqual(['company_view']);
  });

  test('each demo tenant has its own two companies, the first the default, with stored logos, pictures and an introduction', async () => {
    const own = await rows({ descs: 'name' });
    expect(own.map((r) => [r.name, r.isDefault, r.status])).toEqual([
      ['蓝鲸建筑设计', 0, 1],
      ['布雷德科技', 1, 1],
    ]);
    const demo = await rows({}, demoAdmin);
    expect(demo.map((r) => r.name).sort()).toEqual(['云杉家居', '青禾茶业']);
    expect(demo.find((r) => r.isDefault === 1)?.name).toBe('云杉家居');
    const blade = await byName('布雷德科技');
    expect(blade.logo).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/);
    expect(String(blade.images).split(',')).toHaveLength(4);
    expect(blade.introduction).toContain('<ul><li>');
    expect(blade).toMatchObject({ industry: 1, regionCode: '310115', website: 'https://www.bladex.example.com' });
    const logo = await ts.get(String(blade.logo).replace(/^\/api/, '/api'));
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  test('the kernel knows the companies by name (the visit plugin shows them)', async () => {
    const blade = await byName('布雷德科技');
    const other = await byName('云杉家居', demoAdmin);
    const names = await ts.ctx.db.system((tx) => ts.ctx.extensions.names.company!(tx, '000000', [blade.id, other.id]));
    expect(names).toEqual(['布雷德科技']); // another tenant's id is unknown here
  });
});

describe('company: save, update, remove', () => {
  test('the body is checked field by field, in the caller’s language', async () => {
    const cases: [unknown, string, string][] = [
      [{ shortName: 'x' }, '请输入公司名称', 'Please enter the name'],
      [{ name: 'x'.repeat(101) }, 'name: 长度不能超过100个字符', 'name: at most 100 characters'],
      [{ name: '甲', website: 'ftp://x.example.com' }, '公司网址须为 http:// 或 https:// 开头的地址', 'The website must be an http:// or https:// address'],
      [{ name: '甲', videoUrl: 'javascript:alert(1)' }, '视频地址须为 http:// 或 https:// 开头的地址', 'The video link must be an http:// or https:// address'],
      [{ name: '甲', email: 'not-an-email' }, '电子邮箱格式不正确', 'The email address is not valid'],
      [{ name: '甲', telephone: '<b>1</b>' }, '联系电话格式不正确', 'The telephone number is not valid'],
      [{ name: '甲', regionCode: '31a' }, '所在地区须为行政区划编号', 'The region must be a region code'],
      [{ name: '甲', status: 3 }, '请求参数格式错误: status', 'Malformed parameter: status'],
      [{ name: '甲', logo: 'file:///etc/passwd' }, '', ''],
      [{ name: '布雷德科技' }, '公司名称已存在', 'A company of this name already exists'],
    ];
    for (const [body, zh, english] of cases) {
      const cn = await save(body);
      expect(cn.status, JSON.stringify(body)).toBe(400);
      const inEnglish = await save(body, admin, en);
      expect(inEnglish.status).toBe(400);
      if (zh) expect([cn.body.msg, inEnglish.body.msg.toLowerCase()]).toEqual([zh, english.toLowerCase()]);
      else expect(inEnglish.body.msg).not.toBe(cn.body.msg); // a message of its own in each language
    }
    expect((await rows({ name: '甲' })).length).toBe(0);
  });

  test('saves, reads, filters, updates and removes; the introduction is cleaned of scripts and handlers', async () => {
    const hostile = '<p onclick="steal()">我们<script>alert(1)</script>做<a href="javascript:alert(1)">茶</a></p><iframe src="https://x.example.com"></iframe>';
    const res = await save({ name: '白鹭文化', shortName: '白鹭', industry: 10, email: 'hi@egret.example.com', website: 'https://egret.example.com', introduction: hostile, images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'] });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    const row = await byName('白鹭文化');
    expect(row).toMatchObject({ shortName: '白鹭', industry: 10, status: 1, isDefault: 0, images: 'https://img.example.com/a.jpg,https://img.example.com/b.jpg' });
    expect(row.introduction).not.toMatch(/script|onclick|javascript|iframe/);
    expect(row.introduction).toContain('我们');

    const detail = (await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data;
    expect(detail.name).toBe('白鹭文化');
    // isDefault is never written by a save.
    expect((await update({ id: row.id, shortName: '白鹭文化传媒', isDefault: 1, status: 2 })).body.success).toBe(true);
    expect(await byName('白鹭文化')).toMatchObject({ shortName: '白鹭文化传媒', isDefault: 0, status: 2 });
    expect((await rows({ status_equal: '2' })).map((r) => r.name)).toEqual(['白鹭文化']);

    expect((await remove(row.id)).body.success).toBe(true);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data).toBeNull();
  });

  test('the default company may be neither disabled nor removed while others remain', async () => {
    const blade = await byName('布雷德科技');
    const disabled = await update({ id: blade.id, status: 2 });
    expect([disabled.status, disabled.body.msg]).toEqual([400, '默认公司不能停用，请先设置其他公司为默认公司']);
    const removed = await remove(blade.id, admin, en);
    expect([removed.status, removed.body.msg]).toEqual([400, 'Set another company as the default first']);
    expect((await remove(blade.id)).body.msg).toBe('请先设置其他公司为默认公司');
    expect(await defaults()).toEqual(['布雷德科技']);
  });

  test('a tenant’s first company becomes its default; its last company, default or not, may go', async () => {
    const { adminRoleId } = await ts.addTenant('300001', '新租户');
    await ts.addUser({ tenantId: '300001', account: 'boss', password: 'boss', roleId: adminRoleId });
    const boss = (await ts.signIn('boss', 'boss', '300001')).access_token;
    const first = await save({ name: '第一家' }, boss);
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    expect((await save({ name: '第二家' }, boss)).body.success).toBe(true);
    expect(await defaults(boss)).toEqual(['第一家']);
    expect((await remove((await byName('第二家', boss)).id, boss)).body.success).toBe(true);
    expect((await remove((await byName('第一家', boss)).id, boss)).body.success).toBe(true); // the last one
    expect((await save({ name: '重新开始', status: 2 }, boss)).body.success).toBe(true); // disabled: not the default
    expect((await save({ name: '再来一家' }, boss)).body.success).toBe(true);
    expect(await defaults(boss)).toEqual(['再来一家']);
  });
});

describe('company: removal of a company in use', () => {
  const STAFF = '/api/staff/info';
  const ALBUM = '/api/case/album';
  let mobile = 13700000000;
  const addStaff = async (companyId: string, token = admin) => {
    const res = await ts.post(`${STAFF}/save`, { token, json: { companyId, name: '在职员工', mobile: String(++mobile), status: 1 } });
    return res;
  };
  const staffIds = async (companyId: string) =>
    (await ts.get(`${STAFF}/page`, { token: admin, query: { companyId_equal: companyId, size: 100 } })).body.data.records.map((r: Row) => r.id) as string[];
  const addAlbum = (companyId: string) =>
    ts.post(`${ALBUM}/save`, { token: admin, json: { companyId, title: '样板间', category: 1, images: [{ link: 'https://img.example.com/case.jpg' }] } });
  /** Removes the company with what it holds (the other tests count the tenant's companies). */
  const removeWithContents = async (companyId: string) => {
    const staff = await staffIds(companyId);
    if (staff.length) expect((await ts.post(`${STAFF}/remove`, { token: admin, query: { ids: staff.join(',') } })).body.success).toBe(true);
    const albums = (await ts.get(`${ALBUM}/page`, { token: admin, query: { companyId_equal: companyId, size: 100 } })).body.data.records.map((r: Row) => r.id) as string[];
    if (albums.length) expect((await ts.post(`${ALBUM}/remove`, { token: admin, query: { ids: albums.join(',') } })).body.success).toBe(true);
    expect((await remove(companyId)).body.success).toBe(true);
  };

  test('refused while it has live staff or albums, naming how many, in the caller’s language; allowed once they are gone', async () => {
    await save({ name: '在用公司' });
    const used = await byName('在用公司');
    for (let i = 0; i < 3; i++) expect((await addStaff(used.id)).body.success).toBe(true);
    expect((await addAlbum(used.id)).body.success).toBe(true);

    const both = await remove(used.id);
    expect([both.status, both.body.msg]).toEqual([400, '该公司下还有 3 名员工和 1 个案例相册，请先移除或调至其他公司']);
    expect((await remove(used.id, admin, en)).body.msg).toBe('The company still has 3 staff members and 1 case album: remove them or move them to another company first');

    const albumPage = await ts.get(`${ALBUM}/page`, { token: admin, query: { companyId_equal: used.id, size: 100 } });
    expect(albumPage.status, JSON.stringify(albumPage.body)).toBe(200);
    const album = albumPage.body.data.records[0] as Row;
    expect((await ts.post(`${ALBUM}/remove`, { token: admin, query: { ids: album.id } })).body.success).toBe(true);
    expect((await remove(used.id)).body.msg).toBe('该公司下还有 3 名员工，请先移除或调至其他公司');

    // A disabled staff member still belongs to the company; a removed one or one moved away does not.
    const [first, second, third] = await staffIds(used.id);
    expect((await ts.post(`${STAFF}/update`, { token: admin, json: { id: first, status: 2 } })).body.success).toBe(true);
    expect((await ts.post(`${STAFF}/remove`, { token: admin, query: { ids: second } })).body.success).toBe(true);
    expect((await remove(used.id, admin, en)).body.msg).toBe('The company still has 2 staff members: remove them or move them to another company first');
    expect((await ts.post(`${STAFF}/update`, { token: admin, json: { id: third, companyId: (await byName('蓝鲸建筑设计')).id } })).body.success).toBe(true);
    expect((await remove(used.id)).body.msg).toBe('该公司下还有 1 名员工，请先移除或调至其他公司');
    expect((await ts.post(`${STAFF}/remove`, { token: admin, query: { ids: `${first},${third}` } })).body.success).toBe(true);

    expect((await remove(used.id)).body.success).toBe(true);
    expect((await rows({ name: '在用公司' })).length).toBe(0);
  });

  test('a removal of several companies names the one in use, and removes none', async () => {
    await save({ name: '空公司' });
    const empty = await byName('空公司');
    const whale = await byName('蓝鲸建筑设计');
    const count = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from blade_staff where tenant_id = '000000' and is_deleted = 0 and company_id = $1`, [whale.id]));
    expect(count!.n).toBeGreaterThan(0);
    const res = await remove(`${empty.id},${whale.id}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(new RegExp(`^公司「蓝鲸建筑设计」下还有 ${count!.n} 名员工(和 \\d+ 个案例相册)?，请先移除或调至其他公司$`));
    expect((await remove(`${empty.id},${whale.id}`, admin, en)).body.msg).toMatch(/^“蓝鲸建筑设计” still has \d+ staff members/);
    expect((await rows({ name: '空公司' })).length).toBe(1);
    expect((await remove(empty.id)).body.success).toBe(true);
  });

  test('a staff member or an album added while the company is being removed: one of the two is refused, never both done', async () => {
    for (let round = 0; round < 6; round++) {
      await save({ name: `竞争公司${round}` });
      const target = await byName(`竞争公司${round}`);
      const [added, album, removed] = await Promise.all([addStaff(target.id), addAlbum(target.id), remove(target.id)]);
      const live = (await rows({ name: `竞争公司${round}` })).length === 1;
      const { staff, albums } = (await ts.ctx.db.system((tx) =>
        tx.one<{ staff: number; albums: number }>(
          `select (select count(*)::int from blade_staff where company_id = $1 and is_deleted = 0) as staff,
                  (select count(*)::int from blade_case_album where company_id = $1 and is_deleted = 0) as albums`,
          [target.id],
        ),
      ))!;
      if (removed.body.success) {
        // Removed first: the later writes found no company.
        expect([live, staff, albums, added.body.msg, album.body.success]).toEqual([false, 0, 0, '所选公司不存在', false]);
      } else {
        expect(live).toBe(true);
        expect(removed.body.msg).toMatch(/^该公司下还有/);
        expect(staff + albums).toBeGreaterThan(0);
        expect([staff, albums]).toEqual([added.body.success ? 1 : 0, album.body.success ? 1 : 0]);
        await removeWithContents(target.id);
      }
    }
  });
});

describe('company: defaultCompany', () => {
  test('moves the mark in one call; a disabled, removed or unknown company is refused', async () => {
    const whale = await byName('蓝鲸建筑设计');
    expect((await makeDefault(whale.id)).body.success).toBe(true);
    expect(await defaults()).toEqual(['蓝鲸建筑设计']);
    expect((await makeDefault(whale.id)).body.success).toBe(true); // already: nothing changes
    expect((await makeDefault((await byName('布雷德科技')).id)).body.success).toBe(true);
    expect(await defaults()).toEqual(['布雷德科技']);

    await save({ name: '停用的公司', status: 2 });
    const off = await byName('停用的公司');
    const refused = await makeDefault(off.id);
    expect([refused.status, refused.body.msg]).toEqual([400, '停用的公司不能设为默认公司']);
    expect((await makeDefault(off.id, admin, en)).body.msg).toBe('A disabled company cannot be the default');
    await remove(off.id);
    expect((await makeDefault(off.id)).body.msg).toBe('数据不存在');
    expect((await makeDefault('abc')).body.msg).toBe('请求参数格式错误: id');
    expect((await ts.post(`${BASE}/defaultCompany`, { token: admin })).body.msg).toBe('缺少必要的请求参数: id');
  });

  test('fired for several companies at once, exactly one default remains', async () => {
    for (const name of ['并发甲', '并发乙', '并发丙', '并发丁']) await save({ name });
    const ids = await Promise.all(['并发甲', '并发乙', '并发丙', '并发丁', '蓝鲸建筑设计'].map(async (name) => (await byName(name)).id));
    const answers = await Promise.all(ids.map((id) => makeDefault(id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await defaults()).toHaveLength(1);
    const count = await ts.ctx.db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from blade_company where tenant_id = '000000' and is_deleted = 0 and is_default = 1`));
    expect(count?.n).toBe(1);
    await makeDefault((await byName('布雷德科技')).id);
    await remove(ids.slice(0, 4).join(','));
  });
});

describe('company: list for selectors', () => {
  test('any member gets the enabled companies of their tenant, the default first, names only', async () => {
    await save({ name: '停用的选项', status: 2 });
    const res = await ts.get(`${BASE}/list`, { token: nobody });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: Row) => r.name)).toEqual(['布雷德科技', '蓝鲸建筑设计']);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'isDefault', 'name', 'shortName']);
    expect((await ts.get(`${BASE}/list`, { token: demoAdmin })).body.data.map((r: Row) => r.name)).toEqual(['云杉家居', '青禾茶业']);
    await remove((await byName('停用的选项')).id);
  });
});

describe('company: access', () => {
  test('the `user` role may look but not change; a member without codes may not even look at the page', async () => {
    const blade = await byName('布雷德科技');
    expect((await rows({}, viewer)).length).toBe(2);
    for (const res of [await save({ name: '越权' }, viewer), await update({ id: blade.id, name: '越权' }, viewer), await remove(blade.id, viewer), await makeDefault(blade.id, viewer)]) {
      expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    }
    expect((await ts.get(`${BASE}/page`, { token: nobody })).status).toBe(403);
    expect((await makeDefault(blade.id, nobody)).status).toBe(403);
  });

  test('another tenant’s companies do not exist here', async () => {
    const spruce = await byName('云杉家居', demoAdmin);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: spruce.id } })).body.data).toBeNull();
    expect((await update({ id: spruce.id, name: '改名' })).body.msg).toBe('数据不存在');
    expect((await remove(spruce.id)).body.success).toBe(false);
    expect((await makeDefault(spruce.id)).body.msg).toBe('数据不存在');
    expect(await byName('云杉家居', demoAdmin)).toMatchObject({ name: '云杉家居', isDefault: 1 });
  });
});
