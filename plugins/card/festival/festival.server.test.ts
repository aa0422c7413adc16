import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { DEMO_TENANT } from '../../../core/sdk/server';
import { clearOfMidnight, createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import cardServer from '../server';
import { nextOccurrence } from './dates';

/**
 * Festivals through their published paths (`/api/festival/*`): the list in the order festivals fall next, the
 * real-date rule, chosen companies, the clash rule (also when two saves race), the demo festivals of both
 * demo tenants, tenant isolation and the view-only `user` role.
 */
const BASE = '/api/festival';
type Row = Record<string, unknown> & { id: string; name: string; date: string };

let ts: TestServer;
let admin: string;
let demoAdmin: string;
let viewer: string;
let companyIds: Record<string, string>;

const en = { 'Accept-Language': 'en' };
const save = (json: unknown, token = admin, headers?: Record<string, string>) => ts.post(`${BASE}/save`, { token, json, headers });
const update = (json: unknown, token = admin) => ts.post(`${BASE}/update`, { token, json });
const remove = (ids: string, token = admin) => ts.post(`${BASE}/remove`, { token, query: { ids } });
const list = async (query: Record<string, string | number> = {}, token = admin) => {
  const res = await ts.get(`${BASE}/page`, { token, query: { size: 100, ...query } });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { records: Row[]; total: number; current: number; size: number };
};
const byName = async (name: string, token = admin) => {
  const row = (await list({ name }, token)).records.find((r) => r.name === name);
  if (!row) throw new Error(`no festival ${name}`);
  return row;
};

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer] });
  clearOfMidnight(ts); // the days until each festival count from today
  admin = (await ts.signIn('admin', 'admin')).access_token;
  demoAdmin = (await ts.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
  viewer = (await ts.signIn('demo', 'demo')).access_token;
  const companies = async (token: string) => (await ts.get('/api/company/information/list', { token })).body.data as { id: string; name: string }[];
  companyIds = Object.fromEntries([...(await companies(admin)), ...(await companies(demoAdmin))].map((c) => [c.name, c.id]));
});
afterAll(() => ts.close());

describe('festival: demo data and the list', () => {
  test('节日 hangs under 名片管理', async () => {
    type Node = { code: string; name: string; path?: string; children?: Node[] };
    const routes = (await ts.get('/api/blade-system/menu/routes', { token: admin })).body.data as Node[];
    expect(routes.find((m) => m.code === 'card')?.children?.find((m) => m.code === 'festival')).toMatchObject({ name: '节日', path: '/card/festival' });
  });

  test('each demo tenant has its festivals: the traditional ones, one disabled, one for a single company', async () => {
    const own = (await list()).records;
    expect(own.map((r) => r.name)).toEqual(expect.arrayContaining(['元旦', '春节（农历正月初一）', '中秋节（农历八月十五）', '国庆节', '清明节', '布雷德科技成立纪念日']));
    expect(own.find((r) => r.name === '清明节')).toMatchObject({ status: 2 });
    expect(own.find((r) => r.name === '布雷德科技成立纪念日')).toMatchObject({ scope: 2, companyIds: companyIds['布雷德科技'], companyNames: '布雷德科技' });
    expect(own.find((r) => r.name === '元旦')).toMatchObject({ scope: 1, companyIds: '', companyNames: '', date: '01-01' });
    expect(String(own[0]!.poster)).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.jpg$/);
    const demo = (await list({}, demoAdmin)).records;
    expect(demo.map((r) => r.name)).toEqual(expect.arrayContaining(['青禾开茶节', '七夕节（农历七月初七）']));
    expect(demo.map((r) => r.name)).not.toContain('布雷德科技成立纪念日');
    expect(demo.find((r) => r.name === '青禾开茶节')).toMatchObject({ companyNames: '青禾茶业' });
  });

  test('by default in the order they fall next, each with its next date and the days until it', async () => {
    const today = ts.ctx.now();
    const { records, total } = await list();
    expect(total).toBe(records.length);
    for (const row of records) expect({ nextDate: row.nextDate, daysUntil: row.daysUntil }).toEqual({ nextDate: nextOccurrence(row.date, today)!.date, daysUntil: nextOccurrence(row.date, today)!.days });
    const days = records.map((r) => Number(r.daysUntil));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    // Paging keeps that order; a sort asked for wins; filters apply either way.
    const second = await list({ size: 3, current: 2 });
    expect(second.records.map((r) => r.name)).toEqual(records.slice(3, 6).map((r) => r.name));
    expect((await list({ ascs: 'name' })).records.map((r) => r.name)).toEqual(records.map((r) => r.name).sort());
    expect((await list({ status_equal: 2 })).records.map((r) => r.name)).toEqual(['清明节']);
    expect((await list({ name: '节' })).records.every((r) => r.name.includes('节'))).toBe(true);
    const bad = await ts.get(`${BASE}/page`, { token: admin, query: { nextDate: '2027' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '不支持的查询条件: nextDate']);
    // The detail has them too.
    const detail = (await ts.get(`${BASE}/detail`, { token: admin, query: { id: records[0]!.id } })).body.data;
    expect(detail).toMatchObject({ nextDate: records[0]!.nextDate, daysUntil: records[0]!.daysUntil });
  });
});

describe('festival: save and update', () => {
  test('a date must be a real month-day; the name is required; chosen companies must be the tenant’s', async () => {
    const cases: [unknown, string, string][] = [
      [{ date: '03-08' }, '请输入节日名称', 'Please enter the name'],
      [{ name: '妇女节' }, '请选择节日日期', 'Please choose the date'],
      [{ name: '妇女节', date: '02-30' }, '节日日期须为有效的月-日，如 01-01', 'The date must be a real month and day, such as 01-01'],
      [{ name: '妇女节', date: '04-31' }, '节日日期须为有效的月-日，如 01-01', 'The date must be a real month and day, such as 01-01'],
      [{ name: '妇女节', date: '2026-03-08' }, '节日日期须为有效的月-日，如 01-01', 'The date must be a real month and day, such as 01-01'],
      [{ name: '妇女节', date: '03-08', scope: 2 }, '请选择适用公司', 'Please choose the companies'],
      [{ name: '妇女节', date: '03-08', scope: 2, companyIds: companyIds['云杉家居'] }, '适用公司不存在', 'A chosen company does not exist'],
      [{ name: '妇女节', date: '03-08', scope: 2, companyIds: '1,x' }, '适用公司格式不正确', 'The companies are not valid'],
      [{ name: '妇女节', date: '03-08', greeting: 'x'.repeat(501) }, 'greeting: 长度不能超过500个字符', 'greeting: at most 500 characters'],
    ];
    for (const [body, zh, english] of cases) {
      const cn = await save(body);
      const inEnglish = await save(body, admin, en);
      expect([cn.status, cn.body.msg, inEnglish.body.msg], JSON.stringify(body)).toEqual([400, zh, english]);
    }
    expect((await save({ name: '闰日', date: '02-29' })).body.success).toBe(true); // leap years have it
    const leap = await byName('闰日');
    expect(Number(String(leap.nextDate).slice(0, 4)) % 4).toBe(0);
    await remove(leap.id);
  });

  test('saves, updates and removes; all companies clears a list of companies', async () => {
    expect((await save({ name: '妇女节', date: '03-08', greeting: '致敬每一位她！', scope: 2, companyIds: `${companyIds['蓝鲸建筑设计']},${companyIds['蓝鲸建筑设计']}` })).body.success).toBe(true);
    const row = await byName('妇女节');
    expect(row).toMatchObject({ scope: 2, companyIds: companyIds['蓝鲸建筑设计'], companyNames: '蓝鲸建筑设计', status: 1, greeting: '致敬每一位她！' });
    expect((await update({ id: row.id, scope: 1 })).body.success).toBe(true);
    expect(await byName('妇女节')).toMatchObject({ scope: 1, companyIds: '' });
    expect((await remove(row.id)).body.success).toBe(true);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: row.id } })).body.data).toBeNull();
  });
});

describe('festival: two enabled festivals on one day for one company', () => {
  test('are refused, naming the other; disabled ones and other companies do not clash', async () => {
    const clash = await save({ name: '新年', date: '01-01' });
    expect([clash.status, clash.body.msg]).toEqual([400, '该日期已有启用的节日「元旦」适用于相同的公司']);
    expect((await save({ name: '新年', date: '01-01' }, admin, en)).body.msg).toBe('The enabled festival “元旦” already falls on this date for the same companies');

    // A disabled one may share the day, until it is enabled.
    expect((await save({ name: '新年', date: '01-01', status: 2 })).body.success).toBe(true);
    const newYear = await byName('新年');
    expect((await update({ id: newYear.id, status: 1 })).body.msg).toBe('该日期已有启用的节日「元旦」适用于相同的公司');
    await remove(newYear.id);

    // 06-18 is 布雷德科技's alone: another company's festival fits, one for it or for all does not.
    const whale = await save({ name: '蓝鲸开放日', date: '06-18', scope: 2, companyIds: companyIds['蓝鲸建筑设计'] });
    expect(whale.body.success).toBe(true);
    expect((await save({ name: '布雷德开放日', date: '06-18', scope: 2, companyIds: companyIds['布雷德科技'] })).body.msg).toBe('该日期已有启用的节日「布雷德科技成立纪念日」适用于相同的公司');
    expect((await save({ name: '全员开放日', date: '06-18' })).body.msg).toMatch(/^该日期已有启用的节日「(布雷德科技成立纪念日|蓝鲸开放日)」适用于相同的公司$/);
    // Moving a festival onto a taken day is an update like any other.
    const open = await byName('蓝鲸开放日');
    expect((await update({ id: open.id, date: '10-01' })).body.msg).toBe('该日期已有启用的节日「国庆节」适用于相同的公司');
    expect((await update({ id: open.id, greeting: '欢迎参观' })).body.success).toBe(true); // itself is no clash
    await remove(open.id);
    // Another tenant's festivals are not in the way.
    expect((await save({ name: '元旦快乐', date: '01-01', status: 2 }, demoAdmin)).body.success).toBe(true);
  });

  test('two saves at once for the same free day: exactly one passes', async () => {
    const answers = await Promise.all([save({ name: '七夕甲', date: '07-07' }), save({ name: '七夕乙', date: '07-07' }), save({ name: '七夕丙', date: '07-07', scope: 2, companyIds: companyIds['布雷德科技'] })]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.msg)).toHaveLength(2);
    const kept = (await list({ date_equal: '07-07' })).records;
    expect(kept).toHaveLength(1);
    await remove(kept[0]!.id);
  });
});

describe('festival: access', () => {
  test('the `user` role may look but not change', async () => {
    const row = await byName('元旦');
    expect((await list({}, viewer)).total).toBeGreaterThan(0);
    for (const res of [await save({ name: '越权', date: '03-12' }, viewer), await update({ id: row.id, name: '越权' }, viewer), await remove(row.id, viewer)]) {
      expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    }
  });

  test('another tenant’s festivals do not exist here', async () => {
    const tea = await byName('青禾开茶节', demoAdmin);
    expect((await ts.get(`${BASE}/detail`, { token: admin, query: { id: tea.id } })).body.data).toBeNull();
    expect((await update({ id: tea.id, name: '改名' })).body.msg).toBe('数据不存在');
    expect((await remove(tea.id)).body.success).toBe(false);
    expect((await list()).records.map((r) => r.id)).not.toContain(tea.id);
    expect(await byName('青禾开茶节', demoAdmin)).toMatchObject({ name: '青禾开茶节' });
  });
});
