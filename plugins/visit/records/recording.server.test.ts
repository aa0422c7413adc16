import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import cardServer from '../../card/server';
import dictServer from '../../dict/server';
import visitServer from '../server';
import { RECORD_RATE_RULES } from './recording';

/**
 * The public recording endpoints the card front end calls: a good visit and its later report, every
 * refusal in both languages, the card token as the only source of the tenant and staff member, atomic
 * reports, and the rate limits per address and per card.
 */
let ts: TestServer;
let admin: string;
let staff: { id: string; companyId: string }[];
let foreignStaff: string;
const EN = { 'Accept-Language': 'en' };

const tokenFor = (server: TestServer, tenantId: string, staffId: string) => server.ctx.tokens.signFor('card', `${tenantId}:${staffId}`);

async function enabledStaff(server: TestServer, tenantId: string) {
  return server.ctx.db.system((tx) =>
    tx.query<{ id: string; companyId: string }>(
      `select id::text as id, company_id::text as "companyId" from blade_staff where tenant_id = $1 and is_deleted = 0 and status = 1 order by id`,
      [tenantId],
    ),
  );
}

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, cardServer, visitServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  staff = await enabledStaff(ts, '000000');
  foreignStaff = (await enabledStaff(ts, '100001'))[0]!.id;
});
afterAll(() => ts.close());

const record = (json: unknown, o: { ip?: string; headers?: Record<string, string>; server?: TestServer } = {}) =>
  (o.server ?? ts).post('/api/visit/record', { json, ip: o.ip, headers: o.headers });
const update = (json: unknown, headers: Record<string, string> = {}) => ts.post('/api/visit/record/update', { json, headers });
const visitRow = (id: string) =>
  ts.ctx.db.system((tx) => tx.one<Record<string, unknown>>(`select *, visit_time::text as at from blade_visit where id = $1`, [id]));

describe('POST /api/visit/record', () => {
  it('records a visit of the card the token names, at the server time, with the company from the staff row and a local region', async () => {
    const [member] = staff;
    const before = ts.ctx.now().getTime();
    const res = await record(
      { t: tokenFor(ts, '000000', member!.id), visitorId: 'oWx_Visitor-0001', nickName: ' 小\u0007明\u202e ', avatar: 'https://thirdwx.qlogo.cn/a.png', source: 2, actions: ['call', 'view', 'call'], staySeconds: 15 },
      { ip: '192.168.3.7' },
    );
    const after = ts.ctx.now().getTime();
    expect(res.status).toBe(200);
    const visitId = res.body.data.visitId as string;
    const row = await visitRow(visitId);
    expect(row).toMatchObject({
      tenant_id: '000000',
      staff_id: member!.id,
      company_id: member!.companyId,
      visitor_nick: '小明',
      visitor_avatar: 'https://thirdwx.qlogo.cn/a.png',
      visitor_id: 'oWx_Visitor-0001',
      source: 2,
      actions: 'view,call',
      stay_seconds: 15,
      ip_region: 'local',
    });
    // The server's time while the call ran, to the second it is kept in.
    const at = Date.parse(String(row!.at).replace(' ', 'T'));
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(after);

    // The back office reads it with the visitor id masked, the names and the region in the caller's language.
    const page = await ts.get('/api/visit/info/page', { token: admin, query: { staffId_equal: member!.id, size: 1 }, headers: EN });
    expect(page.body.data.records[0]).toMatchObject({ id: visitId, visitorId: 'oWx_****0001', ipRegion: 'Local', visitorNick: '小明' });
    expect(page.body.data.records[0].staffName).not.toBe('');
    expect(page.body.data.records[0].companyName).not.toBe('');
    // A public address says nothing it could not know.
    const outside = await record({ t: tokenFor(ts, '000000', member!.id), visitorId: 'oWx_Visitor-0002', source: 1 }, { ip: '203.0.113.9' });
    expect((await visitRow(outside.body.data.visitId))!.ip_region).toBe('');
  });

  it('refuses what it cannot take with a 400 in the caller\'s language, and records nothing', async () => {
    const t = tokenFor(ts, '000000', staff[0]!.id);
    const good = { t, visitorId: 'oWx_refused_1', source: 1 };
    const before = await ts.ctx.db.system(async (tx) => (await tx.one<{ n: number }>(`select count(*)::int as n from blade_visit`))!.n);
    const cases: [unknown, string, string][] = [
      [{ ...good, t: 'not-a-token' }, '名片无效', 'Invalid card'],
      [{ ...good, t: `${t.slice(0, -2)}xx` }, '名片无效', 'Invalid card'],
      [{ ...good, t: ts.ctx.tokens.signFor('attach', `000000:${staff[0]!.id}`) }, '名片无效', 'Invalid card'],
      [{ ...good, t: ts.ctx.tokens.signFor('card', `000000:abc`) }, '名片无效', 'Invalid card'],
      [{ ...good, t: undefined }, '缺少必要的请求参数: t', 'Missing required parameter: t'],
      [{ ...good, visitorId: 'short' }, '请求参数格式错误: visitorId', 'Malformed parameter: visitorId'],
      [{ ...good, visitorId: 'has space in it' }, '请求参数格式错误: visitorId', 'Malformed parameter: visitorId'],
      [{ ...good, visitorId: 'x'.repeat(65) }, '请求参数格式错误: visitorId', 'Malformed parameter: visitorId'],
      [{ ...good, nickName: '名'.repeat(65) }, 'nickName: 长度不能超过64个字符', 'nickName: at most 64 characters'],
      [{ ...good, avatar: 'http://example.com/a.png' }, '请求参数格式错误: avatar', 'Malformed parameter: avatar'],
      [{ ...good, avatar: 'javascript:alert(1)' }, '请求参数格式错误: avatar', 'Malformed parameter: avatar'],
      [{ ...good, source: 5 }, 'source: 不能大于4', 'source: must not be greater than 4'],
      [{ ...good, source: 'qr' }, '请求参数格式错误: source', 'Malformed parameter: source'],
      [{ ...good, source: undefined }, '缺少必要的请求参数: source', 'Missing required parameter: source'],
      [{ ...good, actions: ['view', 'hack'] }, '请求参数格式错误: actions[1]', 'Malformed parameter: actions[1]'],
      [{ ...good, staySeconds: -1 }, 'staySeconds: 不能小于0', 'staySeconds: must not be less than 0'],
      [{ ...good, staySeconds: 86_401 }, 'staySeconds: 不能大于86400', 'staySeconds: must not be greater than 86400'],
      [[good], '请求参数格式错误: body', 'Malformed parameter: body'],
      [{ ...good, nickName: 'x'.repeat(5000) }, '请求内容过大', 'The request is too large'],
    ];
    for (const [body, zh, en] of cases) {
      const inChinese = await record(body);
      expect([inChinese.status, inChinese.body.msg]).toEqual([400, zh]);
      const inEnglish = await record(body, { headers: EN });
      expect([inEnglish.status, inEnglish.body.msg]).toEqual([400, en]);
    }
    const notJson = await ts.call('POST', '/api/visit/record', { headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(notJson.status).toBe(400);
    expect(await ts.ctx.db.system(async (tx) => (await tx.one<{ n: number }>(`select count(*)::int as n from blade_visit`))!.n)).toBe(before);
  });

  it('takes the tenant from the token alone: another tenant\'s staff id in a token signed for this tenant is no card', async () => {
    const mixed = await record({ t: tokenFor(ts, '000000', foreignStaff), visitorId: 'oWx_mixed_01', source: 1 });
    expect([mixed.status, mixed.body.msg]).toEqual([400, '名片无效']);
    const unknownTenant = await record({ t: tokenFor(ts, '999999', staff[0]!.id), visitorId: 'oWx_mixed_02', source: 1 });
    expect([unknownTenant.status, unknownTenant.body.msg]).toEqual([400, '名片无效']);
    // Its own tenant's token records it there, however the body is dressed up.
    const own = await record({ t: tokenFor(ts, '100001', foreignStaff), visitorId: 'oWx_mixed_03', source: 1, tenantId: '000000', staffId: staff[0]!.id });
    expect(own.status).toBe(200);
    expect(await visitRow(own.body.data.visitId)).toMatchObject({ tenant_id: '100001', staff_id: foreignStaff });
  });

  it('refuses the card of a removed or disabled staff member, and a tenant that switched visits off', async () => {
    const [removed, disabled] = [staff.at(-1)!.id, staff.at(-2)!.id];
    await ts.ctx.db.system(async (tx) => {
      await tx.query(`update blade_staff set is_deleted = 1 where id = $1`, [removed]);
      await tx.query(`update blade_staff set status = 2 where id = $1`, [disabled]);
    });
    try {
      for (const id of [removed, disabled]) {
        const res = await record({ t: tokenFor(ts, '000000', id), visitorId: 'oWx_gone_0001', source: 1 }, { headers: EN });
        expect([res.status, res.body.msg]).toEqual([400, 'Invalid card']);
      }
    } finally {
      await ts.ctx.db.system(async (tx) => {
        await tx.query(`update blade_staff set is_deleted = 0 where id = $1`, [removed]);
        await tx.query(`update blade_staff set status = 1 where id = $1`, [disabled]);
      });
    }
    await ts.ctx.db.system(async (tx) => {
      await tx.query(`update blade_tenant set plugins = 'dict,card' where tenant_id = '100001'`);
      await ts.ctx.tenantPlugins.invalidate(tx, ['100001']);
    });
    try {
      const off = await record({ t: tokenFor(ts, '100001', foreignStaff), visitorId: 'oWx_off_00001', source: 1 });
      expect([off.status, off.body.msg]).toEqual([403, '当前租户未开通此功能']);
    } finally {
      await ts.ctx.db.system(async (tx) => {
        await tx.query(`update blade_tenant set plugins = null where tenant_id = '100001'`);
        await ts.ctx.tenantPlugins.invalidate(tx, ['100001']);
      });
    }
  });
});

describe('POST /api/visit/record/update', () => {
  it('only grows the stay and only adds actions, even for reports sent at once', async () => {
    const t = tokenFor(ts, '000000', staff[1]!.id);
    const { visitId } = (await record({ t, visitorId: 'oWx_update_01', source: 3, staySeconds: 30 })).body.data;
    const reports = [
      { staySeconds: 20, actions: ['save'] },
      { staySeconds: 95, actions: ['forward'] },
      { staySeconds: 60, actions: 'attach,call' },
      { staySeconds: 10 },
      ...Array.from({ length: 16 }, (_, i) => ({ staySeconds: 40 + i, actions: ['view'] })),
    ];
    const answers = await Promise.all(reports.map((r) => update({ t, visitId, ...r })));
    expect(answers.map((a) => a.status)).toEqual(reports.map(() => 200));
    expect(await visitRow(visitId)).toMatchObject({ stay_seconds: 95, actions: 'view,call,save,forward,attach' });
    expect((await update({ t, visitId, staySeconds: 5 })).status).toBe(200);
    expect((await visitRow(visitId))!.stay_seconds).toBe(95);
  });

  it('refuses another card\'s token, an unknown visit and a visit more than a day old', async () => {
    const t = tokenFor(ts, '000000', staff[1]!.id);
    const { visitId } = (await record({ t, visitorId: 'oWx_update_02', source: 1 })).body.data;
    const otherCard = await update({ t: tokenFor(ts, '000000', staff[0]!.id), visitId, staySeconds: 99 });
    expect([otherCard.status, otherCard.body.msg]).toEqual([400, '访问记录不存在']);
    const unknown = await update({ t, visitId: '1999999999999999999', staySeconds: 99 }, EN);
    expect([unknown.status, unknown.body.msg]).toEqual([400, 'No such visit']);
    const malformed = await update({ t, visitId: 'abc' });
    expect([malformed.status, malformed.body.msg]).toEqual([400, '请求参数格式错误: visitId']);
    ts.advance(86_400_000 + 1000);
    try {
      const late = await update({ t, visitId, staySeconds: 99 });
      expect([late.status, late.body.msg]).toEqual([400, '访问记录不存在']);
    } finally {
      ts.advance(-(86_400_000 + 1000));
    }
    expect((await visitRow(visitId))!.stay_seconds).toBe(0);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({ plugins: [dictServer, cardServer, visitServer], rateLimits: { limits: { visitRecordAddress: 5, visitRecordCard: 8 } } });
    limited.advance(60_000 - (limited.ctx.now().getTime() % 60_000)); // no window ends while the test counts
  });
  afterAll(() => limited.close());

  it('has defaults a busy office and a busy card get along with', () => {
    expect(RECORD_RATE_RULES.visitRecordAddress.limit).toBeGreaterThanOrEqual(60);
    expect(RECORD_RATE_RULES.visitRecordCard.limit).toBeGreaterThanOrEqual(10 * RECORD_RATE_RULES.visitRecordAddress.limit);
  });

  it('per address: the sixth call in a minute is 429 with Retry-After; another address goes on', async () => {
    const [member] = await enabledStaff(limited, '000000');
    const t = tokenFor(limited, '000000', member!.id);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await record({ t, visitorId: `oWx_limit_${i}0`, source: 1 }, { ip: '198.51.100.60', server: limited })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await record({ t, visitorId: 'oWx_limit_99', source: 1 }, { ip: '198.51.100.60', server: limited, headers: EN });
    expect(refused.body).toMatchObject({ code: 429, msg: 'Too many requests, please try again later' });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await record({ t, visitorId: 'oWx_limit_a0', source: 1 }, { ip: '198.51.100.61', server: limited })).status).toBe(200);
  });

  it('per card: many addresses together stop at the card\'s limit; another card goes on', async () => {
    const [, busy, quiet] = await enabledStaff(limited, '000000');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await record({ t: tokenFor(limited, '000000', busy!.id), visitorId: `oWx_card_${i}00`, source: 2 }, { ip: `203.0.113.${10 + i}`, server: limited })).status);
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
    expect((await record({ t: tokenFor(limited, '000000', quiet!.id), visitorId: 'oWx_card_quiet', source: 2 }, { ip: '203.0.113.30', server: limited })).status).toBe(200);
  });
});
