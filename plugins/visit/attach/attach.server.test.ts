import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import { DEMO_TENANT, SEED, storeFile } from '../../../core/sdk/server';
import dictServer from '../../dict/server';
import cardServer from '../../card/server';
import visitServer from '../server';
import { demoPdf } from './demo-pdf';
import { expireGrants, GRANT_TABLE } from './server-grants';

/**
 * Attachments and their grants through the HTTP API, on the kernel with the dict, card and visit plugins
 * (visit requires card, which requires dict); staff are the card plugin's demo staff.
 */
let server: TestServer;
let admin: string;
const ENGLISH = { 'Accept-Language': 'en' };
const PAGE = '/api/visit/attach/info/page';
const SUBMIT = '/api/visit/attach/info/submit';
const GRANTS = '/api/visit/attach/get/authorizationVisit';
const SAVE = '/api/visit/attach/save/authorizationVisit';
const MULTI = '/api/visit/attach/save/multiFile/authorizationVisit';
const REQUEST = '/api/visit/attach/request';
const FILE = '/api/visit/attach/file';
const DAY = 86_400_000;

type Grant = { id: string; attachId: string; visitorId: string; visitorNick: string; state: number; days: number | null; secondsLeft: number | null; expiresAt: string; decidedByName: string };

/** The first live staff of a tenant (the card plugin's demo staff). */
async function staffOf(tenantId: string): Promise<string[]> {
  const rows = await server.ctx.db.system((tx) => tx.query<{ id: string }>('select id::text as id from blade_staff where tenant_id = $1 and is_deleted = 0 order by id', [tenantId]));
  return rows.map((r) => r.id);
}

/** A PDF stored in a tenant as an upload would be: its link. */
async function storedPdf(tenantId: string, title: string): Promise<{ link: string; size: number }> {
  return server.ctx.db.system((tx) => storeFile(tx, server.ctx, { tenantId, userId: tenantId === '000000' ? SEED.adminUserId : DEMO_TENANT.adminUserId }, demoPdf({ title, lines: ['test'] }), { extension: 'pdf', contentType: 'application/pdf' }, `${title}.pdf`));
}

/** A new attachment of a staff member (through the engine's submit): its id. */
async function newAttachment(staffId: string, name: string, token = admin, tenantId = '000000'): Promise<string> {
  const file = await storedPdf(tenantId, name);
  const saved = await server.post(SUBMIT, { token, json: { name, staffId, fileLink: file.link } });
  expect(saved.body).toMatchObject({ success: true });
  const found = await server.get(PAGE, { token, query: { name, staffId_equal: staffId } });
  return found.body.data.records[0].id;
}

const cardToken = (tenantId: string, staffId: string) => server.ctx.tokens.signFor('card', `${tenantId}:${staffId}`);

/** A visitor asks through the card front end's public call. */
const ask = (tenantId: string, staffId: string, attachId: string, visitorId: string, nickName?: string) =>
  server.post(REQUEST, { json: { t: cardToken(tenantId, staffId), visitorId, attachId, nickName }, ip: '203.0.113.7' });

async function grantsOf(attachId: string, token = admin): Promise<Grant[]> {
  const res = await server.get(GRANTS, { token, query: { attachId } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function stored(id: string): Promise<number> {
  const row = await server.ctx.db.system((tx) => tx.one<{ state: number }>(`select state from ${GRANT_TABLE} where id = $1`, [id]));
  return Number(row!.state);
}

let staff: string[];

beforeAll(async () => {
  server = await createTestServer({ plugins: [dictServer, cardServer, visitServer] });
  admin = (await server.signIn('admin', 'admin')).access_token;
  staff = await staffOf('000000');
  expect(staff.length).toBeGreaterThan(1);
});
afterAll(() => server.close());

describe('demo data', () => {
  test('both demo tenants have attachments and grants in every state, of visitors of the demo visits', async () => {
    const states = await server.ctx.db.system((tx) =>
      tx.query<{ tenant_id: string; state: number; attachments: number }>(
        `select g.tenant_id, g.state, count(distinct g.attach_id)::int as attachments from ${GRANT_TABLE} g
          where g.visitor_id like 'wx\\_%' group by g.tenant_id, g.state order by 1, 2`,
      ),
    );
    for (const tenantId of ['000000', DEMO_TENANT.tenantId]) expect(states.filter((s) => s.tenant_id === tenantId).map((s) => Number(s.state))).toEqual([0, 1, 2, 3]);
    const strangers = await server.ctx.db.system((tx) =>
      tx.query(`select distinct g.visitor_id from ${GRANT_TABLE} g where g.visitor_id like 'wx\\_%' and not exists (select 1 from blade_visit v where v.tenant_id = g.tenant_id and v.visitor_id = g.visitor_id)`),
    );
    expect(strangers).toEqual([]);
  });
});

describe('attachments', () => {
  test('the page lists each attachment with its grants counted by state as of now', async () => {
    const res = await server.get(PAGE, { token: admin, query: { size: 100 } });
    expect(res.status).toBe(200);
    const rows = res.body.data.records as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(4);
    const counted = await server.ctx.db.system((tx) =>
      tx.query<{ attach_id: string; n: number }>(`select attach_id::text as attach_id, count(*)::int as n from ${GRANT_TABLE} where tenant_id = '000000' group by attach_id`),
    );
    for (const row of rows) {
      const total = Number(row.requestedCount) + Number(row.grantedCount) + Number(row.refusedCount) + Number(row.expiredCount);
      expect(total).toBe(counted.find((c) => c.attach_id === row.id)?.n ?? 0);
    }
    expect(rows.some((r) => Number(r.requestedCount) > 0)).toBe(true);
  });

  test("a new attachment takes its size and kind from the stored file; a link not ours, or an unknown staff member, is refused", async () => {
    const file = await storedPdf('000000', '价目表');
    const saved = await server.post(SUBMIT, { token: admin, json: { name: '价目表', staffId: staff[0], fileLink: file.link, fileSize: 1, fileType: 'exe' } });
    expect(saved.body.success).toBe(true);
    const row = (await server.get(PAGE, { token: admin, query: { name: '价目表' } })).body.data.records[0];
    expect(row).toMatchObject({ name: '价目表', fileLink: file.link, fileSize: file.size, fileType: 'pdf', staffId: staff[0], requestedCount: 0 });

    const outside = await server.post(SUBMIT, { token: admin, json: { name: 'x', staffId: staff[0], fileLink: 'https://evil.example.com/x.pdf' } });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toBe('请先上传附件文件');
    // Another tenant's upload is not ours either.
    const theirs = await storedPdf(DEMO_TENANT.tenantId, 'theirs');
    expect((await server.post(SUBMIT, { token: admin, json: { name: 'x', staffId: staff[0], fileLink: theirs.link } })).body.msg).toBe('请先上传附件文件');
    const nobody = await server.post(SUBMIT, { token: admin, json: { name: 'x', staffId: '1999999999999999999', fileLink: file.link }, headers: ENGLISH });
    expect(nobody.status).toBe(400);
    expect(nobody.body.msg).toBe('The staff member does not exist');
  });

  test('an upload through put-file-attach is accepted as the file', async () => {
    const form = new FormData();
    form.append('file', new File([demoPdf({ title: 'Brochure', lines: [] })], 'brochure.pdf', { type: 'application/pdf' }));
    const up = await server.post('/api/blade-resource/oss/endpoint/put-file-attach', { token: admin, body: form });
    expect(up.body.success).toBe(true);
    const saved = await server.post(SUBMIT, { token: admin, json: { name: '宣传册', staffId: staff[1], fileLink: up.body.data.link } });
    expect(saved.body.success).toBe(true);
  });
});

describe('grants', () => {
  test('a request, a one-day grant with its time left, the file while it lasts; two days later it reads expired everywhere and the job writes it down', async () => {
    const attachId = await newAttachment(staff[0]!, '报价单');
    const asked = await ask('000000', staff[0]!, attachId, 'visitor_expiry_1', '小王');
    expect(asked.body.data).toEqual({ attachId, state: 0 });
    const [request] = await grantsOf(attachId);
    expect(request).toMatchObject({ visitorId: 'visitor_expiry_1', visitorNick: '小王', state: 0, secondsLeft: null });

    expect((await server.post(SAVE, { token: admin, json: { id: request!.id, state: 1, days: 1 } })).body.success).toBe(true);
    const [granted] = await grantsOf(attachId);
    expect(granted).toMatchObject({ state: 1, days: 1, decidedByName: expect.any(String) });
    expect(granted!.secondsLeft).toBeGreaterThan(DAY / 1000 - 60);
    const file = await server.get(FILE, { query: { t: cardToken('000000', staff[0]!), visitorId: 'visitor_expiry_1', attachId } });
    expect(file.body.data).toMatchObject({ name: '报价单', fileType: 'pdf', expiresAt: granted!.expiresAt });
    expect(file.body.data.link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.pdf$/);

    server.advance(2 * DAY);
    const token = (await server.signIn('admin', 'admin')).access_token;
    expect(await stored(request!.id)).toBe(1); // not yet written down…
    expect((await grantsOf(attachId, token))[0]).toMatchObject({ state: 3, secondsLeft: null }); // …yet read as expired
    const page = (await server.get(PAGE, { token, query: { name: '报价单' } })).body.data.records[0];
    expect(page).toMatchObject({ grantedCount: 0, expiredCount: 1 });
    const refused = await server.get(FILE, { query: { t: cardToken('000000', staff[0]!), visitorId: 'visitor_expiry_1', attachId }, headers: ENGLISH });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You have no live grant for this file: ask to see it first');

    expect(await expireGrants(server.ctx)).toBeGreaterThan(0);
    expect(await stored(request!.id)).toBe(3);
    admin = token;
  });

  test('the allowed moves: grant, revoke, grant again, renew; any other is refused naming both states in the caller’s language', async () => {
    const attachId = await newAttachment(staff[0]!, '方案');
    await ask('000000', staff[0]!, attachId, 'visitor_moves_1');
    const [row] = await grantsOf(attachId);
    const decide = (json: object, headers?: Record<string, string>) => server.post(SAVE, { token: admin, json: { id: row!.id, ...json }, headers });

    const stuck = await decide({ state: 3 });
    expect(stuck.status).toBe(400);
    expect(stuck.body.msg).toBe('不能从「待授权」变为「已过期」');
    expect((await decide({ state: 1 })).body.msg).toBe('授权天数须为 1 到 365 之间的整数');
    expect((await decide({ state: 1, days: 366 })).body.msg).toBe('授权天数须为 1 到 365 之间的整数');
    expect((await decide({ state: 1, days: 7 })).body.success).toBe(true);
    const twice = await decide({ state: 1, days: 7 }, ENGLISH);
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('A grant cannot go from “Granted” to “Granted”');
    expect((await decide({ state: 2 })).body.success).toBe(true); // revoked
    expect((await grantsOf(attachId))[0]).toMatchObject({ state: 2, days: null, expiresAt: '' });
    expect((await decide({ state: 0 })).body.msg).toBe('不能从「已拒绝」变为「待授权」');
    expect((await decide({ state: 1, days: 3 })).body.success).toBe(true); // granted after all
    server.advance(4 * DAY);
    admin = (await server.signIn('admin', 'admin')).access_token;
    expect((await decide({ state: 2 })).body.msg).toBe('不能从「已过期」变为「已拒绝」');
    expect((await decide({ state: 1, days: 30 })).body.success).toBe(true); // renewed
    expect((await grantsOf(attachId))[0]).toMatchObject({ state: 1, days: 30 });
  });

  test('twenty identical decisions at once: exactly one happens, the others are told the state it left', async () => {
    const attachId = await newAttachment(staff[1]!, '图册');
    await ask('000000', staff[1]!, attachId, 'visitor_race_1');
    const [row] = await grantsOf(attachId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.post(SAVE, { token: admin, json: { id: row!.id, state: 1, days: 7 } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a.body.msg).toBe('不能从「已授权」变为「已授权」');

    // Granting directly a visitor who never asked, twenty times at once: one row, granted once.
    const direct = await Promise.all(Array.from({ length: 20 }, () => server.post(SAVE, { token: admin, json: { attachId, visitorId: 'visitor_race_2', state: 1, days: 7 } })));
    expect(direct.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await grantsOf(attachId)).filter((g) => g.visitorId === 'visitor_race_2')).toEqual([expect.objectContaining({ state: 1 })]);
  });

  test('several files at once, in one transaction: one file that may not move keeps all as they were, and is named', async () => {
    const first = await newAttachment(staff[1]!, '产品手册');
    const second = await newAttachment(staff[1]!, '价目表 2026');
    await ask('000000', staff[1]!, first, 'visitor_multi_1', '林小姐');
    expect((await server.post(MULTI, { token: admin, json: { visitorId: 'visitor_multi_1', attachIds: [first], state: 1, days: 7 } })).body.success).toBe(true);

    const refused = await server.post(MULTI, { token: admin, json: { visitorId: 'visitor_multi_1', attachIds: [second, first], state: 1, days: 7 } });
    expect([refused.status, server.logged]).toEqual([400, []]);
    expect(refused.body.msg).toBe('「产品手册」：不能从「已授权」变为「已授权」');
    expect(await grantsOf(second)).toEqual([]); // the first file's grant was undone with the refusal

    expect((await server.post(MULTI, { token: admin, json: { visitorId: 'visitor_multi_1', attachIds: `${second}`, state: 1, days: 30 } })).body.success).toBe(true);
    const theirs = (await server.get(GRANTS, { token: admin, query: { visitorId: 'visitor_multi_1' } })).body.data as Grant[];
    expect(theirs.map((g) => [g.attachId, g.state, g.visitorNick])).toEqual(
      expect.arrayContaining([
        [first, 1, '林小姐'],
        [second, 1, '林小姐'], // a direct grant takes the nick the visitor gave before
      ]),
    );
    expect((await server.post(MULTI, { token: admin, json: { visitorId: 'visitor_multi_1', attachIds: [], state: 1, days: 7 } })).status).toBe(400);
  });

  test('bad input is a 400 naming the field, never a 500', async () => {
    const cases: [string, object, string][] = [
      [SAVE, { state: 1, days: 1 }, '请指定授权记录 id，或附件 attachId 与访客 visitorId'],
      [SAVE, { attachId: '1', state: 1, days: 1 }, '缺少必要的请求参数: visitorId'],
      [SAVE, { id: 'abc', state: 1 }, '请求参数格式错误: id'],
      [SAVE, { id: '1', state: 9 }, '请求参数格式错误: state'],
      [SAVE, { id: '1' }, '缺少必要的请求参数: state'],
      [MULTI, { visitorId: 'short', attachIds: ['1'], state: 1, days: 1 }, '请求参数格式错误: visitorId'],
    ];
    for (const [path, json, msg] of cases) {
      const res = await server.post(path, { token: admin, json });
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await server.get(GRANTS, { token: admin })).body.msg).toBe('请指定访客 visitorId、附件 attachId 或员工 staffId');
    expect((await server.get(GRANTS, { token: admin, query: { visitorId: '<script>' } })).body.msg).toBe('请求参数格式错误: visitorId');
  });
});

describe('the card front end’s public calls', () => {
  test('a forged token, another staff member’s or another tenant’s attachment: refused; no grant: 403', async () => {
    const attachId = await newAttachment(staff[0]!, '公开测试');
    const forged = await server.post(REQUEST, { json: { t: `${cardToken('000000', staff[0]!)}x`, visitorId: 'visitor_public_1', attachId } });
    expect([forged.status, forged.body.msg]).toEqual([400, '名片无效']);
    const otherStaff = await ask('000000', staff[1]!, attachId, 'visitor_public_1');
    expect([otherStaff.status, otherStaff.body.msg]).toEqual([400, '附件不存在']);
    const demoStaff = (await staffOf(DEMO_TENANT.tenantId))[0]!;
    const otherTenant = await ask(DEMO_TENANT.tenantId, demoStaff, attachId, 'visitor_public_1');
    expect([otherTenant.status, otherTenant.body.msg]).toEqual([400, '附件不存在']);
    const missingStaff = await ask('000000', '1999999999999999999', attachId, 'visitor_public_1');
    expect([missingStaff.status, missingStaff.body.msg]).toEqual([400, '名片无效']);

    const none = await server.get(FILE, { query: { t: cardToken('000000', staff[0]!), visitorId: 'visitor_public_1', attachId } });
    expect([none.status, none.body.msg]).toEqual([403, '未获授权或授权已过期，请先申请查看']);
    expect((await ask('000000', staff[0]!, attachId, 'visitor_public_1', '\u202e蓝色')).body.data.state).toBe(0);
    expect((await ask('000000', staff[0]!, attachId, 'visitor_public_1')).body.data.state).toBe(0); // asking again changes nothing
    const [row] = await grantsOf(attachId);
    expect(row).toMatchObject({ visitorNick: '蓝色' }); // no direction-changing characters
    expect((await server.get(FILE, { query: { t: cardToken('000000', staff[0]!), visitorId: 'visitor_public_1', attachId } })).status).toBe(403); // asked, not granted

    await server.post(SAVE, { token: admin, json: { id: row!.id, state: 2 } });
    expect((await ask('000000', staff[0]!, attachId, 'visitor_public_1')).body.data.state).toBe(2); // refused stays refused
  });

  test('a disabled staff member’s card is invalid for both calls, as it is for recording a visit; enabled again, it works', async () => {
    const attachId = await newAttachment(staff[2]!, '停用测试');
    expect((await ask('000000', staff[2]!, attachId, 'visitor_disabled_1')).body.data.state).toBe(0);
    const [row] = await grantsOf(attachId);
    await server.post(SAVE, { token: admin, json: { id: row!.id, state: 1, days: 7 } });
    const file = () => server.get(FILE, { query: { t: cardToken('000000', staff[2]!), visitorId: 'visitor_disabled_1', attachId }, headers: ENGLISH });
    expect((await file()).status).toBe(200);
    const setStatus = (status: number) => server.ctx.db.system((tx) => tx.query('update blade_staff set status = $2 where id = $1', [staff[2]!, status]));
    await setStatus(2);
    try {
      const asked = await ask('000000', staff[2]!, attachId, 'visitor_disabled_2');
      expect([asked.status, asked.body.msg]).toEqual([400, '名片无效']);
      const read = await file();
      expect([read.status, read.body.msg]).toEqual([400, 'Invalid card']);
    } finally {
      await setStatus(1);
    }
    expect((await file()).status).toBe(200);
  });

  test('an expired grant asked for again is a request anew', async () => {
    const attachId = await newAttachment(staff[0]!, '再次申请');
    await ask('000000', staff[0]!, attachId, 'visitor_again_1');
    const [row] = await grantsOf(attachId);
    await server.post(SAVE, { token: admin, json: { id: row!.id, state: 1, days: 1 } });
    server.advance(DAY + 60_000);
    admin = (await server.signIn('admin', 'admin')).access_token;
    expect((await ask('000000', staff[0]!, attachId, 'visitor_again_1')).body.data.state).toBe(0);
    expect((await grantsOf(attachId))[0]).toMatchObject({ state: 0, days: null, expiresAt: '' });
  });

  test('each address is limited: past the limit a 429 with Retry-After', async () => {
    const limited = await createTestServer({ plugins: [dictServer, cardServer, visitServer], rateLimits: { limits: { visitAttachAddress: 3 } } });
    try {
      const staffId = (await limited.ctx.db.system((tx) => tx.query<{ id: string }>(`select id::text as id from blade_staff where tenant_id = '000000' and is_deleted = 0 order by id limit 1`)))[0]!.id;
      const t = limited.ctx.tokens.signFor('card', `000000:${staffId}`);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.get(FILE, { query: { t, visitorId: 'visitor_limit_1', attachId: '1' }, ip: '198.51.100.9' })).status);
      expect(statuses).toEqual([403, 403, 403, 429, 429]);
      const other = await limited.get(FILE, { query: { t, visitorId: 'visitor_limit_1', attachId: '1' }, ip: '198.51.100.10' });
      expect(other.status).toBe(403); // another address is not held up
      const last = await limited.get(FILE, { query: { t, visitorId: 'visitor_limit_1', attachId: '1' }, ip: '198.51.100.9' });
      expect(Number(last.headers.get('Retry-After'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('who may do what', () => {
  test('the demo user may read attachments and grants, not change them', async () => {
    const demo = (await server.signIn('demo', 'demo')).access_token;
    expect((await server.get(PAGE, { token: demo })).status).toBe(200);
    const attachId = (await server.get(PAGE, { token: demo })).body.data.records[0].id;
    expect((await server.get(GRANTS, { token: demo, query: { attachId } })).status).toBe(200);
    for (const [path, json] of [
      [SAVE, { attachId, visitorId: 'visitor_user_1', state: 1, days: 1 }],
      [MULTI, { visitorId: 'visitor_user_1', attachIds: [attachId], state: 1, days: 1 }],
      [SUBMIT, { name: 'x', staffId: staff[0] }],
    ] as const) {
      const res = await server.post(path, { token: demo, json });
      expect([res.status, res.body.msg]).toEqual([403, '没有权限执行此操作']);
    }
    expect((await server.post('/api/visit/attach/info/remove', { token: demo, query: { ids: attachId } })).status).toBe(403);
  });

  test("another tenant's administrator sees none of this tenant's attachments or grants and changes none", async () => {
    const other = (await server.signIn('admin', 'admin', DEMO_TENANT.tenantId)).access_token;
    const attachId = await newAttachment(staff[0]!, '隔离');
    await ask('000000', staff[0]!, attachId, 'visitor_isolated');
    const [row] = await grantsOf(attachId);
    expect((await server.get(GRANTS, { token: other, query: { attachId } })).body.data).toEqual([]);
    expect((await server.get(GRANTS, { token: other, query: { visitorId: 'visitor_isolated' } })).body.data).toEqual([]);
    expect((await server.post(SAVE, { token: other, json: { id: row!.id, state: 1, days: 1 } })).body.msg).toBe('授权记录不存在');
    expect((await server.post(SAVE, { token: other, json: { attachId, visitorId: 'visitor_isolated', state: 1, days: 1 } })).body.msg).toBe('附件不存在');
    expect((await server.get(PAGE, { token: other, query: { name: '隔离' } })).body.data.records).toEqual([]);
    expect(await stored(row!.id)).toBe(0);
  });
});
