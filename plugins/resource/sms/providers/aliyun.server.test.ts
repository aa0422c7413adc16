import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { aliyunEndpoint, aliyunProvider, ALIYUN_ENDPOINT } from './aliyun';
import { startAliyunFake, type AliyunFake } from './aliyun-fake';
import { canonicalQuery, percentEncode, rpcSignature, signedQuery, stringToSign } from './aliyun-sign';

/**
 * The Aliyun provider: its signer against the worked example Aliyun's signature documentation publishes,
 * then whole SendSms requests against a local fake that recomputes the signature on its own and refuses
 * a wrong one, a stale timestamp and a reused nonce, as Aliyun does.
 */
describe('the RPC signature', () => {
  // Aliyun's published example: DescribeRegions signed with AccessKeySecret `testsecret`.
  const example = {
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    Format: 'XML',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    SignatureVersion: '1.0',
    TimeStamp: '2016-02-23T12:46:24Z',
    Version: '2014-05-26',
  };

  test('reproduces the documented string to sign and signature', () => {
    expect(stringToSign('GET', example)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26TimeStamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(rpcSignature('testsecret', 'GET', example)).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
    expect(signedQuery('testsecret', example)).toContain('Signature=CT9X0VtwR86fNWSnsc6v8YGOjuE%3D&');
  });

  test('percent-encodes as RFC 3986 asks: unreserved kept, space %20, UTF-8 bytes, ! * ( ) \' encoded', () => {
    expect(percentEncode('a-b_c.d~e')).toBe('a-b_c.d~e');
    expect(percentEncode('a b+c*d')).toBe('a%20b%2Bc%2Ad');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('阿里云')).toBe('%E9%98%BF%E9%87%8C%E4%BA%91');
    expect(canonicalQuery({ b: '2', a: '1', Signature: 'x', B: '3' })).toBe('B=3&a=1&b=2');
  });
});

describe('the endpoint a server calls', () => {
  test('Aliyun by default; ALIYUN_SMS_ENDPOINT only for an Aliyun host over https or a host SMS_ALLOWED_HOSTS lists', () => {
    expect(aliyunEndpoint({})).toBe(ALIYUN_ENDPOINT);
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.ap-southeast-1.aliyuncs.com' })).toBe('https://dysmsapi.ap-southeast-1.aliyuncs.com/');
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'http://dysmsapi.aliyuncs.com/' })).toBeUndefined();
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'https://evil.example.com/' })).toBeUndefined();
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'https://aliyuncs.com.evil.example/' })).toBeUndefined();
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000/' })).toBeUndefined();
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000/', SMS_ALLOWED_HOSTS: 'minio.local, 127.0.0.1' })).toBe('http://127.0.0.1:9000/');
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'http://user:pw@127.0.0.1:9000/', SMS_ALLOWED_HOSTS: '127.0.0.1' })).toBeUndefined();
    expect(aliyunEndpoint({ ALIYUN_SMS_ENDPOINT: 'not a url' })).toBeUndefined();
  });
});

describe('SendSms against the local fake', () => {
  let fake: AliyunFake;
  const credentials = { accessKey: 'LTAItest', secretKey: 'fake-secret', regionId: 'cn-hangzhou' };
  const message = { phones: ['13800138000', '13800138001'], signName: '阿里云短信测试', templateId: 'SMS_154950909', params: { code: '1234' }, content: '您的验证码为1234' };
  let nonce = 0;
  const options = (over: Partial<Parameters<typeof aliyunProvider>[1]> = {}) => ({ now: () => new Date(), nonce: () => `nonce-${++nonce}`, endpoint: fake.url, ...over });

  beforeAll(async () => {
    fake = await startAliyunFake({ keys: { LTAItest: 'fake-secret' }, templates: ['SMS_154950909'] });
  });
  afterAll(async () => {
    await fake?.close();
  });

  test('a signed request is accepted: every phone, the signature, template and parameters arrive', async () => {
    const outcome = await aliyunProvider(credentials, options()).send(message);
    expect(outcome).toMatchObject({ ok: true, code: 'OK', message: { zh: '发送成功', en: 'Sent' } });
    expect(outcome.bizId).toBe(fake.accepted.at(-1)!.bizId);
    expect(fake.accepted.at(-1)).toMatchObject({ phones: message.phones, signName: '阿里云短信测试', templateCode: 'SMS_154950909', templateParam: { code: '1234' }, regionId: 'cn-hangzhou' });
  });

  test('a wrong secret is SignatureDoesNotMatch, an unknown key InvalidAccessKeyId.NotFound', async () => {
    expect(await aliyunProvider({ ...credentials, secretKey: 'wrong' }, options()).send(message)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
      message: { zh: '签名不匹配，请检查 secretKey' },
    });
    expect(await aliyunProvider({ ...credentials, accessKey: 'LTAIother' }, options()).send(message)).toMatchObject({ ok: false, code: 'InvalidAccessKeyId.NotFound' });
  });

  test('a timestamp 20 minutes off is refused as expired; a nonce used before is refused', async () => {
    const stale = await aliyunProvider(credentials, options({ now: () => new Date(Date.now() - 20 * 60_000) })).send(message);
    expect(stale).toMatchObject({ ok: false, code: 'InvalidTimeStamp.Expired', message: { en: "The request's time has expired: check the server's clock" } });
    const provider = aliyunProvider(credentials, options({ nonce: () => 'the-same-nonce' }));
    expect((await provider.send(message)).ok).toBe(true);
    expect(await provider.send(message)).toMatchObject({ ok: false, code: 'SignatureNonceUsed' });
  });

  test('a template Aliyun does not know comes back with its meaning; an unlisted code with Aliyun’s message', async () => {
    expect(await aliyunProvider(credentials, options()).send({ ...message, templateId: 'SMS_0' })).toMatchObject({
      ok: false,
      code: 'isv.SMS_TEMPLATE_ILLEGAL',
      message: { zh: '短信模板不存在或未通过审核' },
    });
  });

  test('unreachable, slow and refused endpoints are outcomes, never throws', async () => {
    expect(await aliyunProvider(credentials, options({ endpoint: 'http://127.0.0.1:1/' })).send(message)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      expect(await aliyunProvider(credentials, options({ endpoint: `http://127.0.0.1:${port}/`, timeoutMs: 300 })).send(message)).toMatchObject({ ok: false, code: 'TIMEOUT' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
