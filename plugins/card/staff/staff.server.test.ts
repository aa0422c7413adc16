import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT, type ServerPlugin } from '../../../core/sdk/server';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import cardServer from '../server';

/**
 * Staff through their published paths (`/api/staff/info/*`): the engine's page, detail, save, update and remove
 * with the staff rules, the selectors' `list`, `defaultStaff` (atomic), `addPhoneUser` (atomic, refused
 * when the account exists, the quota is reached or the staff member has one), the QR code, the demo staff
 * of both demo tenants, the names the kernel is given, tenant isolation and the view-only `user` role.
 */
const BASE = '/api/staff/info';
type Row = Record<string, unknown> & { id: string; name: string; mobile: string };

/** The parameters as the param plugin would give them, changed by the tests. */
const parameters = new Map<string, string>();
const paramStub: ServerPlugin = {
  manifest: { id: 'param-stub', name: { zh: '参数', en: 'Parameters' } },
  provides: { parameters: async (_tx, _tenantId, keys) => new Map(keys.flatMap((k) => (parameters.has(k) ? [[k, parameters.get(k)!]] : []))) },
};

let ts: TestServer;
let admin: string; // administrator of 000000
let demoAdmin: string; // admin of 100001
let viewer: string; // demo / demo: the `user` role, view codes only
let nobody: string; // 000000, no codes at all
let blade: string; // 布雷德科技, 000000's default company
let whale: string; // 蓝鲸建筑设计

const en = { 'Accept-Language': 'en' };
const save = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/save`, { token, json, headers });
const update = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/update`, { token, json, headers });
const remove = (ids: string, token = admin) => ts.post(`${BASE}/remove`, { token, query: { ids } });
const makeDefault = (id: string, token = admin) => ts.post(`${BASE}/defaultStaff`, { token, query: { id } });
const phoneUser = (id: string, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/addPhoneUser`, { token, json: { id }, headers });
const rows = async (query: Record<string, string> = {}, token = admin): Promise<Row[]> => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.records;
};
const byMobile = async (mobile: string, token = admin) => {
  const row = (await rows({ mobile }, token)).find((r) => r.mobile === mobile);
  if (!row) throw new Error(`no staff ${mobile}`);
  return row;
};
let serial = 0;
/** A new staff member of 布雷德科技 (a fresh mobile each time); returns the row. */
const addStaff = async (extra: Record<string, unknown> = {}) => {
  const mobile = `1370000${String(++serial).padStart(4, '0')}`;
  const res = await save({ companyId: blade, name: `测试员工${serial}`, mobile, status: 1, ...extra });
  if (res.body.success !== true) throw new Error(JSON.stringify(res.body));
  return byMobile(mobile);
};
const companyOf = async (token: string, name: string) => {
  const list = (await ts.get('/api/company/information/list', { token })).body.data as { id: string; name: string }[];
  return list.find((c) => c.name === name)!.id;
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, paramStub, cardServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  const noneId = await ts.addRole({ tenantId: '000000', alias: 'nobody', codes: [] });
  await ts.addUser({ tenantId: '000000', account: 'nobody', password: 'nobody', roleId: noneId });
  nobody = (await ts.signIn('nobody', 'nobody')).access_token;
  blade = await companyOf(admin, '布雷德科技');
  whale = await companyOf(admin, '蓝鲸建筑设计');
});
afterAll(() => ts.close());

describe('staff: menu and demo data', () => {
  test('员工信息 hangs under 名片管理 with the four buttons and its own three; the `user` role may only view', async () => {
    type Node = { code: string; name: string; path?: string; alias?: string; action?: number; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'card')?.children?.find((m) => m.code === 'staff')).toMatchObject({ name: '员工信息', path: '/card/staff' });
    const buttons = (await ts.get('/api/blade-system/menu/buttons', { token: admin })).body.data as Node[];
    expect(buttons.find((m) => m.code === 'staff')?.children?.map((b) => [b.code, b.action])).toEqual([
      ['staff_add', 1],
      ['staff_edit', 2],
      ['staff_delete', 3],
      ['staff_view', 2],
      ['staff_import', 1],
      ['staff_default', 2],
      ['staff_phone_user', 2],
    ]);
    const viewerButtons = (await ts.get('/api/blade-system/menu/buttons', { token: viewer })).body.data as Node[];
    expect(viewerButtons.find((m) => m.code === 'staff')?.children?.map((b) => b.code)).toEqual(['staff_view']);
  });

  test('each demo tenant has eight staff of its own, with avatars, a default per company, one disabled and two accounts', async () => {
    for (const [token, companies] of [
      [admin, ['布雷德科技', '蓝鲸建筑设计']],
      [demoAdmin, ['云杉家居', '青禾茶业']],
    ] as const) {
      const all = await rows({}, token);
      expect(all).toHaveLength(8);
      for (const row of all) {
        expect(row.avatar).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
        expect(row.mobile).toMatch(/^1\d{10}$/);
      }
      const ids = await Promise.all(companies.map((name) => companyOf(token, name)));
      for (const id of ids) {
        const own = all.filter((r) => r.companyId === id);
        expect(own.length).toBeGreaterThanOrEqual(3);
        expect(own.filter((r) => r.isDefault === 1)).toHaveLength(1);
      }
      expect(all.filter((r) => r.status === 2)).toHaveLength(1);
      const linked = all.filter((r) => r.userAccount);
      expect(linked.map((r) => r.userAccount).sort()).toEqual(linked.map((r) => r.mobile).sort());
      expect(linked).toHaveLength(2);
    }
    // Different people in each tenant; a linked account of 000000 (which has a `user` role) signs in with
    // the tenant's initial password.
    const mine = await rows();
    const names = new Set(mine.map((r) => r.name));
    expect((await rows({}, demoAdmin)).some((r) => names.has(r.name))).toBe(false);
    const linked = mine.find((r) => r.userAccount)!;
    expect((await ts.signIn(String(linked.userAccount), 'Init@123456')).access_token).toBeTruthy();
  });

  test('the kernel is given staff names by id (the visit plugin shows them)', async () => {
    const some = (await rows()).slice(0, 2);
    const names = await ts.ctx.db.tenant('000000', (tx) => ts.ctx.extensions.names.staff!(tx, '000000', some.map((r) => r.id)));
    expect(names).toEqual(some.map((r) => r.name));
    // Another tenant's ids name nothing.
    expect(await ts.ctx.db.tenant(DEMO_TENANT.tenantId, (tx) => ts.ctx.extensions.names.staff!(tx, DEMO_TENANT.tenantId, some.map((r) => r.id)))).toEqual([]);
  });
});

describe('staff: save, read, update, remove', () => {
  test('a card is saved, found by its filters, read with its company, account and card link, updated and removed', async () => {
    parameters.set('card.domain', 'https://cards.example.org/');
    try {
      const res = await save({ companyId: blade, name: '韩梅梅', position: '市场专员', deptName: '市场部', mobile: '13912345678', email: 'hmm@example.com', wechat: 'hmm_wx', status: 1, introduction: '你好' });
      expect(res.body).toMatchObject({ success: true });
      const [row] = await rows({ name: '梅梅', companyId_equal: blade, status_equal: '1' });
      expect(row).toMatchObject({ name: '韩梅梅', companyId: blade, mobile: '13912345678', isDefault: 0, userId: '', userAccount: '' });
      const detail = (await ts.get(`${BASE}/detail`, { token: admin, query: { id: row!.id } })).body.data as Row;
      const link = new URL(String(detail.cardUrl));
      expect(`${link.origin}${link.pathname}`).toBe('https://cards.example.org/card');
      expect(ts.ctx.tokens.verifyFor('card', link.searchParams.get('t')!)).toBe(`000000:${row!.id}`);

      expect((await update({ id: row!.id, companyId: whale, name: '韩梅梅', mobile: '13912345678', status: 2 })).body.success).toBe(true);
      expect(await byMobile('13912345678')).toMatchObject({ companyId: whale, status: 2 });
      expect((await rows({ status_equal: '2', companyId_equal: whale })).map((r) => r.name)).toContain('韩梅梅');

      expect((await remove(row!.id)).body.success).toBe(true);
      expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row!.id } })).body.data).toBeNull();
      // Its mobile number is free again.
      expect((await save({ companyId: blade, name: '韩梅梅', mobile: '13912345678', status: 1 })).body.success).toBe(true);
    } finally {
      parameters.delete('card.domain');
    }
  });

  test('the mobile rule in order (empty, length, format), the company, the email and the unique mobile, in zh and en', async () => {
    const base = { companyId: blade, name: '规则', status: 1 };
    const refused = async (json: unknown, zh: string, english: string) => {
      const a = await save(json);
      expect([a.status, a.body.msg]).toEqual([400, zh]);
      const b = await save(json, admin, en);
      expect([b.status, b.body.msg]).toEqual([400, english]);
    };
    await refused({ ...base, mobile: '' }, '手机号码不能为空', 'The mobile number is required');
    await refused({ ...base, mobile: '1381234567' }, '手机号码长度不为11位', 'The mobile number must have 11 digits');
    await refused({ ...base, mobile: '138123456789' }, '手机号码长度不为11位', 'The mobile number must have 11 digits');
    await refused({ ...base, mobile: '2381234567a' }, '手机号码格式不正确', 'The mobile number is not valid');
    await refused({ name: '规则', status: 1, mobile: '13800001111' }, '请选择所属公司', 'Please choose the company');
    await refused({ ...base, name: '', mobile: '13800001111' }, '请输入姓名', 'Please enter the name');
    await refused({ ...base, mobile: '13800001111', email: 'no-at' }, '邮箱格式不正确', 'The email address is not valid');
    await refused({ ...base, mobile: '13800001111', avatar: 'javascript:alert(1)' }, '请求参数格式错误: avatar', 'Malformed parameter: avatar');
    // Another tenant's company is no company here.
    await refused({ ...base, companyId: await companyOf(demoAdmin, '云杉家居'), mobile: '13800001111' }, '所选公司不存在', 'The chosen company does not exist');
    const taken = (await rows())[0]!.mobile;
    await refused({ ...base, mobile: taken }, '该手机号码已被其他员工使用', 'Another staff member already has this mobile number');
  });

  test('the default mark and the linked user are never written by a save', async () => {
    const row = await addStaff({ isDefault: 1, userId: '1123598821738675201' });
    expect(row).toMatchObject({ isDefault: 0, userId: '' });
    await update({ id: row.id, companyId: blade, name: row.name, mobile: row.mobile, status: 1, isDefault: 1, userId: '1123598821738675201' });
    expect(await byMobile(row.mobile)).toMatchObject({ isDefault: 0, userId: '' });
  });
});

describe('staff: the default card', () => {
  const defaultsOf = async (companyId: string) => (await rows({ companyId_equal: companyId, isDefault_equal: '1' })).map((r) => r.id);

  test('defaultStaff moves the mark within the company and leaves the other company alone', async () => {
    const [before] = await defaultsOf(blade);
    const otherBefore = await defaultsOf(whale);
    const row = await addStaff();
    expect((await makeDefault(row.id)).body.success).toBe(true);
    expect(await defaultsOf(blade)).toEqual([row.id]);
    expect(await defaultsOf(whale)).toEqual(otherBefore);
    // Again: nothing changes.
    expect((await makeDefault(row.id)).body.success).toBe(true);
    expect(await defaultsOf(blade)).toEqual([row.id]);
    expect((await makeDefault(before!)).body.success).toBe(true);
    expect(await defaultsOf(blade)).toEqual([before]);
  });

  test('a disabled, removed or unknown staff member is refused; a card that changes company or is disabled loses the mark', async () => {
    const disabled = await addStaff({ status: 2 });
    expect((await makeDefault(disabled.id)).body.msg).toBe('停用的员工不能设为默认名片');
    const gone = await addStaff();
    await remove(gone.id);
    expect((await makeDefault(gone.id)).body.msg).toBe('数据不存在');
    expect((await makeDefault('1')).status).toBe(400);

    const moving = await addStaff();
    await makeDefault(moving.id);
    await update({ id: moving.id, companyId: whale, name: moving.name, mobile: moving.mobile, status: 1 });
    expect(await byMobile(moving.mobile)).toMatchObject({ companyId: whale, isDefault: 0 });
    expect(await defaultsOf(whale)).toHaveLength(1);
    const stopping = await addStaff();
    await makeDefault(stopping.id);
    await update({ id: stopping.id, companyId: blade, name: stopping.name, mobile: stopping.mobile, status: 2 });
    expect(await byMobile(stopping.mobile)).toMatchObject({ isDefault: 0, status: 2 });
  });

  test('fired at once for several staff of one company, exactly one ends up the default', async () => {
    const candidates = [await addStaff(), await addStaff(), await addStaff(), await addStaff()];
    const answers = await Promise.all(candidates.map((r) => makeDefault(r.id)));
    expect(answers.map((a) => a.body.success)).toEqual([true, true, true, true]);
    const defaults = await defaultsOf(blade);
    expect(defaults).toHaveLength(1);
    expect(candidates.map((r) => r.id)).toContain(defaults[0]);
  });
});

describe('staff: a sign-in user for a staff member', () => {
  test('addPhoneUser makes the account (the mobile), links it, answers the initial password once; the user signs in', async () => {
    const row = await addStaff({ email: 'phone@example.com' });
    const res = await phoneUser(row.id);
    expect(res.body).toMatchObject({ success: true, data: { account: row.mobile, password: 'Init@123456', roleName: '用户' } });
    expect(await byMobile(row.mobile)).toMatchObject({ userId: res.body.data.userId, userAccount: row.mobile });
    const user = await ts.ctx.db.system((tx) => tx.one<{ real_name: string; role_id: string; phone: string }>('select real_name, role_id, phone from blade_user where id = $1', [res.body.data.userId]));
    const userRole = await ts.ctx.db.system((tx) => tx.one<{ id: string }>("select id::text as id from blade_role where tenant_id = '000000' and role_alias = 'user'"));
    expect(user).toEqual({ real_name: row.name, role_id: userRole!.id, phone: row.mobile });
    const signedIn = await ts.signIn(row.mobile, 'Init@123456');
    expect(signedIn.access_token).toBeTruthy();
    // Once only: the staff member has an account now.
    expect((await phoneUser(row.id)).body.msg).toBe('该员工已开通账号');
    expect((await phoneUser(row.id, admin, en)).body.msg).toBe('This staff member already has an account');
    // The detail does not show the password.
    expect(JSON.stringify((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body)).not.toContain('Init@123456');
  });

  test('an account that exists already and a full quota are refused, and nothing is linked', async () => {
    const row = await addStaff();
    const roleId = await ts.ctx.db.system(async (tx) => (await tx.one<{ id: string }>("select id::text as id from blade_role where tenant_id = '000000' and role_alias = 'user'"))!.id);
    await ts.addUser({ tenantId: '000000', account: row.mobile, password: 'whatever1', roleId });
    expect((await phoneUser(row.id)).body).toMatchObject({ code: 400, msg: '当前账号已被使用!' });
    expect((await byMobile(row.mobile)).userId).toBe('');

    const other = await addStaff();
    const used = await ts.ctx.db.system(async (tx) => (await tx.one<{ n: number }>("select count(*)::int as n from blade_user where tenant_id = '000000' and is_deleted = 0"))!.n);
    await ts.ctx.db.system((tx) => tx.query("update blade_tenant set account_number = $1 where tenant_id = '000000'", [used]));
    try {
      expect((await phoneUser(other.id)).body).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度!' });
      expect((await phoneUser(other.id, admin, en)).body.msg).toBe('The tenant has reached its account quota');
      expect((await byMobile(other.mobile)).userId).toBe('');
    } finally {
      await ts.ctx.db.system((tx) => tx.query("update blade_tenant set account_number = -1 where tenant_id = '000000'"));
    }
  });

  test('two calls at once for one staff member make one user', async () => {
    const row = await addStaff();
    const answers = await Promise.all([phoneUser(row.id), phoneUser(row.id), phoneUser(row.id)]);
    expect(answers.filter((a) => a.body.success === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === '该员工已开通账号')).toHaveLength(2);
    const users = await ts.ctx.db.system((tx) => tx.query("select id from blade_user where tenant_id = '000000' and account = $1 and is_deleted = 0", [row.mobile]));
    expect(users).toHaveLength(1);
  });

  test('a removed user no longer shows, and the staff member may be given a new one', async () => {
    const row = await addStaff();
    const first = (await phoneUser(row.id)).body.data.userId as string;
    await ts.ctx.db.system((tx) => tx.query('update blade_user set is_deleted = 1 where id = $1', [first]));
    expect(await byMobile(row.mobile)).toMatchObject({ userId: '', userAccount: '' });
    const second = await phoneUser(row.id);
    expect(second.body.success).toBe(true);
    expect(second.body.data.userId).not.toBe(first);
  });
});

describe('staff: QR code and the selectors list', () => {
  test('the QR code is a PNG of the card link; a missing or foreign staff member is a 400', async () => {
    const row = (await rows())[0]!;
    const res = await ts.app.request(`${BASE}/qrcode?id=${row.id}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const width = new DataView(png.buffer, png.byteOffset).getUint32(16);
    expect(width).toBeGreaterThanOrEqual(400);
    const download = await ts.call('GET', `${BASE}/qrcode`, { token: admin, query: { id: row.id, download: '1' } });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="card-\d+\.png"/);
    expect((await ts.get(`${BASE}/qrcode`, { token: demoAdmin, query: { id: row.id } })).body).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await ts.get(`${BASE}/qrcode`, { token: admin, query: { id: 'x' } })).status).toBe(400);
    expect((await ts.get(`${BASE}/qrcode`, { token: nobody, query: { id: row.id } })).status).toBe(403);
    expect((await ts.call('GET', `${BASE}/qrcode`, { token: viewer, query: { id: row.id } })).status).toBe(200);
  });

  test('list: any member reads the enabled staff, names only, optionally of one company', async () => {
    const all = (await ts.get(`${BASE}/list`, { token: nobody })).body.data as Record<string, string>[];
    expect(all.length).toBeGreaterThan(5);
    expect(Object.keys(all[0]!).sort()).toEqual(['avatar', 'companyId', 'id', 'name', 'position']);
    const disabled = (await rows({ status_equal: '2' })).map((r) => r.id);
    expect(all.some((r) => disabled.includes(r.id))).toBe(false);
    const whales = (await ts.get(`${BASE}/list`, { token: nobody, query: { companyId: whale } })).body.data as Record<string, string>[];
    expect(whales.length).toBeGreaterThan(0);
    expect(whales.every((r) => r.companyId === whale)).toBe(true);
    expect((await ts.get(`${BASE}/list`, { token: nobody, query: { companyId: 'x' } })).status).toBe(400);
    const theirs = (await ts.get(`${BASE}/list`, { token: demoAdmin })).body.data as Record<string, string>[];
    expect(theirs.some((r) => all.some((mine) => mine.id === r.id))).toBe(false);
  });
});

describe('staff: tenants and roles', () => {
  test("another tenant's staff do not exist here: not listed, read, changed, made default, given a user or removed", async () => {
    const mine = (await rows())[0]!;
    expect((await rows({}, demoAdmin)).some((r) => r.id === mine.id)).toBe(false);
    expect((await ts.get(`${BASE}/detail`, { token: demoAdmin, query: { id: mine.id } })).body.data).toBeNull();
    expect((await update({ id: mine.id, companyId: await companyOf(demoAdmin, '云杉家居'), name: 'x', mobile: '13700009999', status: 1 }, demoAdmin)).status).toBe(400);
    expect((await makeDefault(mine.id, demoAdmin)).status).toBe(400);
    expect((await phoneUser(mine.id, demoAdmin)).status).toBe(400);
    expect((await remove(mine.id, demoAdmin)).body.success).toBe(false);
    expect(await byMobile(mine.mobile)).toMatchObject({ name: mine.name, isDefault: mine.isDefault });
  });

  test('the `user` role reads and is refused every write (403); a user without codes reads nothing', async () => {
    const row = (await rows())[0]!;
    expect((await rows({}, viewer)).length).toBeGreaterThan(0);
    expect((await ts.get(`${BASE}/detail`, { token: viewer, query: { id: row.id } })).body.data.id).toBe(row.id);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.xlsx');
    const writes = [
      save({ companyId: blade, name: 'x', mobile: '13700008888', status: 1 }, viewer),
      update({ id: row.id, companyId: blade, name: 'x', mobile: row.mobile, status: 1 }, viewer),
      remove(row.id, viewer),
      makeDefault(row.id, viewer),
      phoneUser(row.id, viewer),
      ts.post(`${BASE}/import`, { token: viewer, body: form }),
      ts.get(`${BASE}/import-template`, { token: viewer }),
    ];
    for (const res of await Promise.all(writes)) expect([res.status, res.body.code]).toEqual([403, 403]);
    expect((await ts.get(`${BASE}/page`, { token: nobody })).status).toBe(403);
  });
});
