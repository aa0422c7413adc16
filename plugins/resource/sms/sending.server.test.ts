import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { answersTogether, createTestServer, type TestServer } from '../../../core/sdk/server-testing';
import dictServer from '../../dict/server';
import resourceServer from '../server';
import { startAliyunFake, type AliyunFake } from './providers/aliyun-fake';
import { SMS_RATE_RULES } from './send';

/**
 * send-message end to end with the server's own limits: an Aliyun configuration sending to a local fake
 * that checks every signature (and what a refusal leaves in the records), and the per-phone limits.
 */
let ts: TestServer;
let admin: string;
let fake: AliyunFake;
const saved = { endpoint: process.env.ALIYUN_SMS_ENDPOINT, hosts: process.env.SMS_ALLOWED_HOSTS };
const EN = { 'Accept-Language': 'en' };

const send = (query: Record<string, string>, headers?: Record<string, string>) => ts.post('/api/blade-resource/sms/endpoint/send-message', { token: admin, query, headers });
const recordsOf = (res: { headers: Headers }) =>
  ts.ctx.db.system((tx) => tx.query<Record<string, unknown>>(`select * from blade_sms_record where request_id = $1 order by phone`, [res.headers.get('x-request-id')]));

beforeAll(async () => {
  fake = await startAliyunFake({ keys: { LTAIsend: 'the-secret' }, templates: ['SMS_100'] });
  process.env.ALIYUN_SMS_ENDPOINT = fake.url;
  process.env.SMS_ALLOWED_HOSTS = '127.0.0.1';
  // The server's own limits: the per-phone rules are what is tested.
  ts = await createTestServer({ plugins: [dictServer, resourceServer], rateLimits: {} });
  admin = (await ts.signIn('admin', 'admin')).access_token;
  const base = { category: 2, templateContent: '您的验证码为${code}，5分钟内有效。', signName: '布雷德', accessKey: 'LTAIsend', regionId: 'cn-shanghai' };
  for (const row of [
    { ...base, smsCode: 'ali-ok', templateId: 'SMS_100', secretKey: 'the-secret' },
    { ...base, smsCode: 'ali-bad-secret', templateId: 'SMS_100', secretKey: 'not-the-secret' },
    { ...base, smsCode: 'ali-bad-template', templateId: 'SMS_999', secretKey: 'the-secret' },
  ]) {
    expect((await ts.post('/api/blade-resource/sms/submit', { token: admin, json: row })).body.success).toBe(true);
  }
}, 120_000);
afterAll(async () => {
  await ts?.close();
  await fake?.close();
  for (const [name, value] of [
    ['ALIYUN_SMS_ENDPOINT', saved.endpoint],
    ['SMS_ALLOWED_HOSTS', saved.hosts],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('through Aliyun (the local fake)', () => {
  test('a configuration named by its code, though not enabled, sends signed with its opened secret', async () => {
    const res = await send({ code: 'ali-ok', phones: '13700000001,13700000002', params: '{"code":"8642"}' });
    expect([res.status, res.body.msg]).toEqual([200, '发送成功，共2条']);
    const accepted = fake.accepted.at(-1)!;
    expect(accepted).toMatchObject({ phones: ['13700000001', '13700000002'], templateCode: 'SMS_100', templateParam: { code: '8642' }, signName: '布雷德', regionId: 'cn-shanghai' });
    expect(res.body.data.bizId).toBe(accepted.bizId);
    const rows = await recordsOf(res);
    expect(rows.map((r) => [r.phone, r.state, r.category, r.provider_code, r.biz_id, r.template_id])).toEqual([
      ['13700000001', 1, 2, 'OK', accepted.bizId, 'SMS_100'],
      ['13700000002', 1, 2, 'OK', accepted.bizId, 'SMS_100'],
    ]);
  });

  test('Aliyun’s refusal is a 400 saying what it means, and the failed messages are recorded', async () => {
    const res = await send({ code: 'ali-bad-secret', phones: '13700000003', params: '{"code":"1"}' });
    expect([res.status, res.body.msg]).toEqual([400, '发送失败：签名不匹配，请检查 secretKey']);
    expect(fake.codes.at(-1)).toBe('SignatureDoesNotMatch');
    expect((await recordsOf(res)).map((r) => [r.phone, r.state, r.provider_code, r.provider_message])).toEqual([['13700000003', 2, 'SignatureDoesNotMatch', '签名不匹配，请检查 secretKey']]);
    const template = await send({ code: 'ali-bad-template', phones: '13700000004', params: '{"code":"1"}' }, EN);
    expect(template.body.msg).toBe('Sending failed: The template does not exist or is not approved');
  });

  test('an endpoint the server does not allow is never called', async () => {
    process.env.SMS_ALLOWED_HOSTS = 'somewhere.else';
    try {
      const before = fake.codes.length;
      const res = await send({ code: 'ali-ok', phones: '13700000005', params: '{"code":"1"}' });
      expect(res.body.msg).toBe('发送失败：ALIYUN_SMS_ENDPOINT 不是阿里云的地址，也不在 SMS_ALLOWED_HOSTS 中');
      expect(fake.codes.length).toBe(before);
    } finally {
      process.env.SMS_ALLOWED_HOSTS = '127.0.0.1';
    }
  });
});

describe('limits per phone', () => {
  test('the rules are one a minute and ten a day', () => {
    expect(SMS_RATE_RULES).toEqual({
      smsPhoneMinute: { limit: 1, windowMs: 60_000, scope: 'client' },
      smsPhoneDay: { limit: 10, windowMs: 86_400_000, scope: 'client' },
    });
  });

  test('a phone sent to this minute is left out and named; the others are sent; all refused is a 429', async () => {
    expect((await send({ phones: '13600000001', params: '{"code":"1"}' })).status).toBe(200);
    const mixed = await send({ phones: '13600000001,13600000002', params: '{"code":"2"}' });
    expect([mixed.status, mixed.body.msg]).toEqual([200, '已发送1条；发送过于频繁，以下号码未发送：13600000001']);
    expect(mixed.body.data.results).toEqual([
      { phone: '13600000002', state: 'sent', message: '沙箱已记录，未实际发送' },
      { phone: '13600000001', state: 'limited', message: '发送过于频繁，未发送' },
    ]);
    expect((await recordsOf(mixed)).map((r) => r.phone)).toEqual(['13600000002']);
    const refused = await send({ phones: '13600000001,13600000002', params: '{"code":"3"}' }, EN);
    expect([refused.status, refused.body.msg]).toEqual([429, 'Too many messages to these numbers, nothing was sent: 13600000001, 13600000002']);
    expect(await recordsOf(refused)).toEqual([]);
  });

  test('the same number in another tenant is counted apart', async () => {
    const other = (await ts.signIn('admin', 'admin', '100001')).access_token;
    const res = await ts.post('/api/blade-resource/sms/endpoint/send-message', { token: other, query: { phones: '13600000001', params: '{"name":"a","order":"b"}' } });
    expect(res.status).toBe(200);
  });

  test('ten a day: minutes apart, the eleventh is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await send({ phones: '13600000009', params: `{"code":"${i}"}` })).status);
      ts.advance(125_000); // past the minute rule's sliding window
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  test('twenty sends to one phone at once: exactly one goes out', async () => {
    const answers = await answersTogether(20, (i) => send({ phones: '13600000010', params: `{"code":"${i}"}` }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(19);
    const rows = await ts.ctx.db.system((tx) => tx.query(`select 1 from blade_sms_record where phone = '13600000010'`));
    expect(rows).toHaveLength(1);
  });
});
