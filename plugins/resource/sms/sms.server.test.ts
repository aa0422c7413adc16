import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import resourceServer from '../server';
import { SECRET_PURPOSE } from './send';

/**
 * SMS configurations and sending through the sandbox: the save's rules in both languages, the secret
 * key sealed and never answered, the exclusive enable, what send-message takes and refuses, the record of
 * every message, permissions and tenant isolation. (Aliyun: aliyun.server.test.ts; limits: rate-limit.server.test.ts.)
 */
let ts: TestServer;
let admin: string;
let otherAdmin: string;
let demo: string;
const EN = { 'Accept-Language': 'en' };

type Row = Record<string, unknown> & { id: string };

const list = async (token = admin, query: Record<string, string> = {}) => (await ts.get('/api/blade-resource/sms/list', { token, query: { size: '100', ...query } })).body.data.records as Row[];
const byCode = async (code: string, token = admin) => (await list(token)).find((r) => r.smsCode === code)!;
const submit = (json: Record<string, unknown>, headers?: Record<string, string>) => ts.post('/api/blade-resource/sms/submit', { token: admin, json, headers });
const send = (query: Record<string, string>, token = admin, headers?: Record<string, string>) => ts.post('/api/blade-resource/sms/endpoint/send-message', { token, query, headers });
const storedSecret = async (id: string) => (await ts.ctx.db.system((tx) => tx.one<{ secret_key: string | null }>(`select secret_key from blade_sms where id = $1`, [id])))!.secret_key;
const records = (where: string, params: unknown[]) =>
  ts.ctx.db.system((tx) => tx.query<Record<string, unknown>>(`select * from blade_sms_record where ${where} order by send_time desc, id desc`, params));

beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer, resourceServer] });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  otherAdmin = (await ts.signIn('admin', 'admin', '100001')).access_token;
  demo = (await ts.signIn('demo', 'demo')).access_token;
}, 120_000);
afterAll(async () => {
  await ts?.close();
});

describe('the demo data', () => {
  test('each demo tenant has a sandbox configuration enabled, an Aliyun one disabled, and its own sent messages', async () => {
    const mine = await list();
    expect(mine.map((r) => [r.smsCode, r.category, r.status]).sort()).toEqual([
      ['aliyun-verify', 2, 1],
      ['verify-code', 1, 2],
    ]);
    const theirs = await list(otherAdmin);
    expect(theirs.map((r) => r.smsCode).sort()).toEqual(['aliyun-notice', 'order-shipped']);
    const sent = (await ts.get('/api/blade-resource/sms-record/page', { token: admin, query: { size: '100' } })).body.data;
    const sentThere = (await ts.get('/api/blade-resource/sms-record/page', { token: otherAdmin, query: { size: '100' } })).body.data;
    expect(sent.total).toBeGreaterThanOrEqual(30);
    expect(sentThere.total).toBeGreaterThanOrEqual(20);
    expect(sent.records.some((r: Row) => r.state === 2)).toBe(true);
    expect(sentThere.records.every((r: Row) => String(r.content).startsWith('【演示商城】') || String(r.content).includes('已发货'))).toBe(true);
  });
});

describe('saving a configuration', () => {
  test('the rules answer in the caller’s language', async () => {
    expect((await submit({ category: 1, templateContent: 'x' })).body.msg).toBe('请输入资源编号');
    expect((await submit({ category: 1, templateContent: 'x' }, EN)).body.msg).toMatch(/resource code/i);
    expect((await submit({ category: 1, smsCode: 'a b', templateContent: 'x' })).body.msg).toBe('资源编号只能包含字母、数字、下划线和短横线');
    expect((await submit({ category: 1, smsCode: 'verify-code', templateContent: 'x' })).body.msg).toBe('资源编号已存在');
    const aliyun = await submit({ category: 2, smsCode: 'ali-missing', templateContent: '验证码${code}' });
    expect([aliyun.status, aliyun.body.msg]).toEqual([400, '阿里云短信须填写：模板ID、短信签名、accessKey、secretKey']);
    expect((await submit({ category: 2, smsCode: 'ali-missing', templateContent: '验证码${code}', templateId: 'SMS_1' }, EN)).body.msg).toBe(
      'Aliyun SMS needs: signature, access key, secret key',
    );
    expect((await submit({ category: 9, smsCode: 'bad-cat', templateContent: 'x' })).body.msg).toBe('短信服务商不正确');
    expect((await submit({ category: 1, smsCode: 'many', templateContent: Array.from({ length: 21 }, (_, i) => `\${v${i}}`).join('') }, EN)).body.msg).toBe('A template has at most 20 variables');
  });

  test('the secret key is sealed at rest, answered as a mask, and kept when the mask (or nothing) comes back', async () => {
    const saved = await submit({ category: 2, smsCode: 'ali-secret', templateContent: '验证码${code}', templateId: 'SMS_1', signName: '签名', accessKey: 'LTAIkey', secretKey: 'plain-secret-1' });
    expect(saved.body.success).toBe(true);
    const row = await byCode('ali-secret');
    expect(row.secretKey).toBe('******');
    expect(JSON.stringify(await list())).not.toContain('plain-secret-1');
    const detail = (await ts.get('/api/blade-resource/sms/detail', { token: admin, query: { id: row.id } })).body.data;
    expect(detail.secretKey).toBe('******');
    const sealed = await storedSecret(row.id);
    expect(sealed).not.toContain('plain-secret-1');
    expect(ts.ctx.secrets.open(SECRET_PURPOSE, sealed!)).toBe('plain-secret-1');

    // The form sends back what it was shown: the mask keeps the stored secret, as does leaving it out.
    expect((await submit({ ...detail, signName: '新签名' })).body.success).toBe(true);
    expect(await storedSecret(row.id)).toBe(sealed);
    expect((await submit({ id: row.id, remark: 'r', secretKey: '' })).body.success).toBe(true);
    expect(await storedSecret(row.id)).toBe(sealed);
    expect((await submit({ id: row.id, secretKey: 'plain-secret-2' })).body.success).toBe(true);
    expect(ts.ctx.secrets.open(SECRET_PURPOSE, (await storedSecret(row.id))!)).toBe('plain-secret-2');
    expect((await submit({ id: row.id, secretKey: 'has space' })).body.msg).toBe('secretKey 须为不超过128个可见字符');
  });

  test('status is not a save’s to change: only enable / disable move it', async () => {
    await submit({ category: 1, smsCode: 'no-status', templateContent: '你好', status: 2 });
    expect((await byCode('no-status')).status).toBe(1);
  });
});

describe('enable and disable', () => {
  test('enabling one disables the tenant’s others; a JSON body works too; disabling leaves none', async () => {
    const target = await byCode('no-status');
    const enabled = await ts.post('/api/blade-resource/sms/enable', { token: admin, query: { id: target.id } });
    expect(enabled.body).toMatchObject({ success: true, data: { id: target.id, status: 2 } });
    const rows = await list();
    expect(rows.filter((r) => r.status === 2).map((r) => r.smsCode)).toEqual(['no-status']);
    // The other tenant's enabled configuration is untouched.
    expect((await list(otherAdmin)).filter((r) => r.status === 2).map((r) => r.smsCode)).toEqual(['order-shipped']);

    const back = await byCode('verify-code');
    expect((await ts.post('/api/blade-resource/sms/enable', { token: admin, json: { id: back.id } })).body.success).toBe(true);
    expect((await list()).filter((r) => r.status === 2).map((r) => r.smsCode)).toEqual(['verify-code']);

    expect((await ts.post('/api/blade-resource/sms/disable', { token: admin, query: { id: back.id } })).body.data.status).toBe(1);
    expect((await list()).filter((r) => r.status === 2)).toEqual([]);
    const none = await send({ phones: '13900000001', params: '{"code":"1"}' }, admin, EN);
    expect([none.status, none.body.msg]).toEqual([400, 'No SMS configuration is enabled: name one by its resource code']);
    await ts.post('/api/blade-resource/sms/enable', { token: admin, query: { id: back.id } });
  });

  test('an unknown, malformed or other tenant’s id is refused', async () => {
    const theirs = await byCode('order-shipped', otherAdmin);
    expect((await ts.post('/api/blade-resource/sms/enable', { token: admin, query: { id: theirs.id } })).body.msg).toBe('数据不存在');
    expect((await ts.post('/api/blade-resource/sms/disable', { token: admin, query: { id: theirs.id } })).body.msg).toBe('数据不存在');
    expect((await byCode('order-shipped', otherAdmin)).status).toBe(2);
    expect((await ts.post('/api/blade-resource/sms/enable', { token: admin, query: { id: 'x1' } })).status).toBe(400);
    expect((await ts.post('/api/blade-resource/sms/enable', { token: admin })).status).toBe(400);
  });
});

describe('sending through the sandbox', () => {
  test('the template is rendered, each phone recorded with the request id and sender, duplicates dropped', async () => {
    const res = await send({ phones: '13900000001, 13900000002,13900000001', params: JSON.stringify({ code: '246810' }) });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('发送成功，共2条');
    expect(res.body.data).toMatchObject({ smsCode: 'verify-code', category: 1, content: '【布雷德科技】您的验证码为246810，5分钟内有效。' });
    expect(res.body.data.results.map((r: { phone: string; state: string }) => [r.phone, r.state])).toEqual([
      ['13900000001', 'sent'],
      ['13900000002', 'sent'],
    ]);
    const rows = await records(`request_id = $1`, [res.headers.get('x-request-id')]);
    expect(rows.map((r) => r.phone).sort()).toEqual(['13900000001', '13900000002']);
    expect(rows[0]).toMatchObject({ tenant_id: '000000', state: 1, category: 1, sms_code: 'verify-code', provider_code: 'OK', sender_name: 'admin', content: '【布雷德科技】您的验证码为246810，5分钟内有效。' });
    expect(JSON.parse(String(rows[0]!.params))).toEqual({ code: '246810' });
    expect(String(rows[0]!.biz_id)).toMatch(/^SANDBOX-/);
  });

  test('a JSON body with phones as a list and params as an object, a configuration named by its code', async () => {
    await submit({ category: 1, smsCode: 'greeting', templateContent: '${name}您好，欢迎来到${place}' });
    const res = await ts.post('/api/blade-resource/sms/endpoint/send-message', { token: admin, json: { code: 'greeting', phones: ['13900000003'], params: { name: '王先生', place: 2 } } });
    expect(res.body.data.content).toBe('王先生您好，欢迎来到2');
  });

  test('bad input is a 400 naming what is wrong, in the caller’s language, and nothing is recorded', async () => {
    const before = (await records(`tenant_id = '000000'`, [])).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ phones: '', params: '{"code":"1"}' }, '请输入手机号', 'Enter at least one mobile number'],
      [{ phones: '1390000000', params: '{"code":"1"}' }, '手机号码长度不为11位：1390000000', 'The mobile number must have 11 digits: 1390000000'],
      [{ phones: '23900000000', params: '{"code":"1"}' }, '手机号码格式不正确：23900000000', 'The mobile number is not valid: 23900000000'],
      [{ phones: Array.from({ length: 101 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(','), params: '{"code":"1"}' }, '手机号最多100个', 'At most 100 mobile numbers at a time'],
      [{ phones: '13900000004', params: '{code:1}' }, '模板参数须为 JSON 对象，例如 {"code":"1234"}', 'The parameters are a JSON object, e.g. {"code":"1234"}'],
      [{ phones: '13900000004', params: '[1]' }, '模板参数须为 JSON 对象，例如 {"code":"1234"}', 'The parameters are a JSON object, e.g. {"code":"1234"}'],
      [{ phones: '13900000004', params: '{}' }, '缺少模板参数：code', 'Missing template parameters: code'],
      [{ phones: '13900000004', params: '{"code":"1","extra":"x"}' }, '模板中没有这些变量：extra', 'The template has no variables named: extra'],
      [{ phones: '13900000004', params: '{"code":""}' }, '模板参数 code 须为不超过64个字符的文本或数字', 'The parameter code is a text or number of at most 64 characters'],
      [{ phones: '13900000004', params: '{"code":{"a":1}}' }, '模板参数 code 须为不超过64个字符的文本或数字', 'The parameter code is a text or number of at most 64 characters'],
      [{ code: 'nope', phones: '13900000004', params: '{"code":"1"}' }, '短信配置不存在：nope', 'No SMS configuration has the resource code nope'],
    ];
    for (const [query, zh, en] of cases) {
      const res = await send(query);
      expect([res.status, res.body.msg]).toEqual([400, zh]);
      expect((await send(query, admin, EN)).body.msg).toBe(en);
    }
    expect((await records(`tenant_id = '000000'`, [])).length).toBe(before);
  });

  test('another tenant’s code does not exist here; each tenant reads its own records', async () => {
    expect((await send({ code: 'order-shipped', phones: '13900000005', params: '{"name":"a","order":"b"}' })).body.msg).toBe('短信配置不存在：order-shipped');
    const theirs = await send({ phones: '13900000005', params: '{"name":"赵女士","order":"SO1"}' }, otherAdmin);
    expect(theirs.body.data.content).toBe('【演示商城】赵女士您好，您的订单SO1已发货，请注意查收。');
    const mine = (await ts.get('/api/blade-resource/sms-record/page', { token: admin, query: { size: '200' } })).body.data.records as Row[];
    expect(mine.some((r) => String(r.content).includes('赵女士您好，您的订单SO1'))).toBe(false);
    const record = (await records(`request_id = $1`, [theirs.headers.get('x-request-id')]))[0]!;
    expect((await ts.get('/api/blade-resource/sms-record/detail', { token: admin, query: { id: String(record.id) } })).body.data).toBeNull();
  });
});

describe('the sent messages', () => {
  test('read only: no save or removal endpoint', async () => {
    expect((await ts.post('/api/blade-resource/sms-record/submit', { token: admin, json: { phone: '13900000000' } })).status).toBe(404);
    expect((await ts.post('/api/blade-resource/sms-record/remove', { token: admin, query: { ids: '1' } })).status).toBe(404);
  });

  test('a known provider code is read in the reader’s language, whatever language it was sent in', async () => {
    const read = async (headers?: Record<string, string>) =>
      ((await ts.get('/api/blade-resource/sms-record/page', { token: admin, query: { size: '100' }, headers })).body.data.records as Row[]).map((r) => [r.category, r.providerMessage]);
    const en = await read(EN);
    expect(en).toContainEqual([1, 'Kept by the sandbox, not really sent']);
    expect(en).toContainEqual([2, 'The access key does not exist']);
    expect(await read()).toContainEqual([1, '沙箱已记录，未实际发送']);
  });

  test('phones are whole for whoever may edit the configurations, masked for a reader of the records alone', async () => {
    const roleId = await ts.addRole({ tenantId: '000000', alias: 'sms-reader', codes: ['sms_record', 'sms_record_view'] });
    await ts.addUser({ tenantId: '000000', account: 'sms-reader', password: 'x', roleId });
    const reader = (await ts.signIn('sms-reader', 'x')).access_token;
    const masked = (await ts.get('/api/blade-resource/sms-record/page', { token: reader, query: { phone: '1390000000' } })).body.data.records as Row[];
    expect(masked.length).toBeGreaterThan(0);
    for (const row of masked) expect(row.phone).toMatch(/^139\*{4}\d{4}$/);
    const whole = (await ts.get('/api/blade-resource/sms-record/page', { token: admin, query: { phone: '1390000000' } })).body.data.records as Row[];
    for (const row of whole) expect(row.phone).toMatch(/^139\d{8}$/);
    // Reading records is not managing configurations or sending.
    expect((await ts.get('/api/blade-resource/sms/list', { token: reader })).status).toBe(403);
    expect((await send({ phones: '13900000006', params: '{"code":"1"}' }, reader)).status).toBe(403);
  });

  test('the demo user role has none of it', async () => {
    expect((await ts.get('/api/blade-resource/sms/list', { token: demo })).status).toBe(403);
    expect((await ts.get('/api/blade-resource/sms-record/page', { token: demo })).status).toBe(403);
    const target = await byCode('verify-code');
    expect((await ts.post('/api/blade-resource/sms/enable', { token: demo, query: { id: target.id } })).status).toBe(403);
    expect((await ts.post('/api/blade-resource/sms/disable', { token: demo, query: { id: target.id } })).status).toBe(403);
    const refused = await send({ phones: '13900000007', params: '{"code":"1"}' }, demo);
    expect([refused.status, refused.body.msg]).toEqual([403, '没有权限执行此操作']);
    expect(await records(`phone = '13900000007'`, [])).toEqual([]);
  });
});
