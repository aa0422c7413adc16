import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Aliyun's SMS endpoint, for tests: it checks each SendSms request as Aliyun does
 * (a known AccessKeyId, the signature recomputed from the parameters with its own encoder, a timestamp
 * within 15 minutes, a nonce never seen before) and answers Aliyun's JSON. Templates it does not know are
 * refused like unapproved ones.
 */

export interface FakeSendSms {
  phones: string[];
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  regionId: string;
  bizId: string;
}

export interface AliyunFake {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** Every SendSms the fake accepted, in order. */
  accepted: FakeSendSms[];
  /** Every answer's Code, in order (refusals too). */
  codes: string[];
  close(): Promise<void>;
}

/** RFC 3986 percent-encoding, written apart from the provider's so the two check each other. */
const encode = (value: string) =>
  [...new TextEncoder().encode(value)].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

function expectedSignature(secret: string, params: Map<string, string>): string {
  const names = [...params.keys()].filter((n) => n !== 'Signature').sort();
  const query = names.map((n) => `${encode(n)}=${encode(params.get(n)!)}`).join('&');
  return createHmac('sha1', `${secret}&`).update(`GET&${encode('/')}&${encode(query)}`).digest('base64');
}

const FIFTEEN_MINUTES = 15 * 60_000;

export async function startAliyunFake(options: { keys: Readonly<Record<string, string>>; templates: readonly string[]; now?: () => Date }): Promise<AliyunFake> {
  const nonces = new Set<string>();
  const accepted: FakeSendSms[] = [];
  const codes: string[] = [];
  const server: Server = createServer((req, res) => {
    const requestId = randomUUID().toUpperCase();
    const answer = (status: number, body: Record<string, string>) => {
      codes.push(body.Code);
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: requestId, ...body }));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    // Each name once: a repeated parameter is a malformed request.
    const params = new Map<string, string>();
    for (const [name, value] of url.searchParams) {
      if (params.has(name)) return answer(400, { Code: 'MissingParameter', Message: `${name} is repeated` });
      params.set(name, value);
    }
    const get = (name: string) => params.get(name) ?? '';
    if (req.method !== 'GET' || get('Action') !== 'SendSms' || get('Version') !== '2017-05-25' || get('Format') !== 'JSON') {
      return answer(400, { Code: 'InvalidParameter', Message: 'Action, Version or Format' });
    }
    if (get('SignatureMethod') !== 'HMAC-SHA1' || get('SignatureVersion') !== '1.0') return answer(400, { Code: 'InvalidParameter', Message: 'SignatureMethod' });
    const secret = options.keys[get('AccessKeyId')];
    if (secret === undefined) return answer(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    const at = Date.parse(get('Timestamp'));
    const now = (options.now?.() ?? new Date()).getTime();
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(get('Timestamp')) || Number.isNaN(at) || Math.abs(now - at) > FIFTEEN_MINUTES) {
      return answer(400, { Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' });
    }
    if (get('Signature') !== expectedSignature(secret, params)) {
      return answer(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    }
    if (!get('SignatureNonce') || nonces.has(get('SignatureNonce'))) return answer(400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
    nonces.add(get('SignatureNonce'));
    const phones = get('PhoneNumbers').split(',').filter(Boolean);
    if (phones.length === 0 || phones.some((p) => !/^1\d{10}$/.test(p))) return answer(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'PhoneNumbers' });
    if (!options.templates.includes(get('TemplateCode'))) return answer(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: 'TemplateCode' });
    if (!get('SignName')) return answer(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: 'SignName' });
    let templateParam: Record<string, string>;
    try {
      templateParam = JSON.parse(get('TemplateParam') || '{}') as Record<string, string>;
    } catch {
      return answer(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'TemplateParam' });
    }
    const bizId = `${Date.now()}${String(accepted.length).padStart(6, '0')}^0`;
    accepted.push({ phones, signName: get('SignName'), templateCode: get('TemplateCode'), templateParam, regionId: get('RegionId'), bizId });
    answer(200, { Code: 'OK', Message: 'OK', BizId: bizId });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    accepted,
    codes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
