import { listedHosts } from '../../../../core/sdk/server';
import { aliyunCodeMessage, TRANSPORT } from './aliyun-codes';
import { signedQuery } from './aliyun-sign';
import type { SendOutcome, SmsMessage, SmsProvider } from './types';

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';
const VERSION = '2017-05-25';
const TIMEOUT_MS = 10_000;

export interface AliyunCredentials {
  accessKey: string;
  secretKey: string;
  regionId: string;
}

export interface AliyunOptions {
  now: () => Date;
  /** A fresh SignatureNonce per request (replays are refused by Aliyun). */
  nonce: () => string;
  /** Default ALIYUN_ENDPOINT, or ALIYUN_SMS_ENDPOINT when the server's operator set it. */
  endpoint?: string;
  timeoutMs?: number;
}

/**
 * The endpoint to call: Aliyun's, or the one the operator's ALIYUN_SMS_ENDPOINT names (a regional
 * endpoint, a proxy, a local fake in tests) when its host is Aliyun's or listed in SMS_ALLOWED_HOSTS;
 * undefined when it is neither, so a mistyped setting never sends credentials somewhere unexpected.
 * Plain http only to a listed host.
 */
export function aliyunEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.ALIYUN_SMS_ENDPOINT?.trim();
  if (!configured) return ALIYUN_ENDPOINT;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const listed = listedHosts(env.SMS_ALLOWED_HOSTS).includes(host);
  const aliyun = url.protocol === 'https:' && (host === 'aliyuncs.com' || host.endsWith('.aliyuncs.com'));
  if ((!aliyun && !listed) || !['https:', 'http:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) return undefined;
  return `${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
}

/** Aliyun's timestamp: UTC, ISO 8601 to the second. */
const timestamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The SendSms parameters of a message, signature aside. */
export function sendSmsParams(credentials: AliyunCredentials, message: SmsMessage, at: Date, nonce: string): Record<string, string> {
  return {
    AccessKeyId: credentials.accessKey,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.phones.join(','),
    RegionId: credentials.regionId,
    SignName: message.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: message.templateId,
    TemplateParam: JSON.stringify(message.params),
    Timestamp: timestamp(at),
    Version: VERSION,
  };
}

interface SendSmsAnswer {
  Code?: unknown;
  Message?: unknown;
  BizId?: unknown;
  RequestId?: unknown;
}

/**
 * Aliyun SMS (Dysmsapi `SendSms`, RPC style) over its public HTTP API: one signed GET per message, all
 * of its phones at once; the answer's Code is the outcome (`OK` delivered to Aliyun).
 */
export function aliyunProvider(credentials: AliyunCredentials, options: AliyunOptions): SmsProvider {
  return {
    async send(message): Promise<SendOutcome> {
      const endpoint = options.endpoint ?? aliyunEndpoint();
      if (!endpoint) return { ok: false, ...TRANSPORT.endpoint };
      const params = sendSmsParams(credentials, message, options.now(), options.nonce());
      let response: Response;
      try {
        response = await fetch(`${endpoint}?${signedQuery(credentials.secretKey, params)}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
          redirect: 'error',
          headers: { Accept: 'application/json' },
        });
      } catch (error) {
        const timedOut = (error as { name?: string }).name === 'TimeoutError';
        return { ok: false, ...(timedOut ? TRANSPORT.timeout : TRANSPORT.unreachable) };
      }
      let answer: SendSmsAnswer;
      try {
        answer = (await response.json()) as SendSmsAnswer;
      } catch {
        return { ok: false, ...TRANSPORT.badAnswer };
      }
      if (typeof answer !== 'object' || answer === null || typeof answer.Code !== 'string') return { ok: false, ...TRANSPORT.badAnswer };
      const code = answer.Code.slice(0, 64);
      const ok = code === 'OK' && response.ok;
      const bizId = typeof answer.BizId === 'string' ? answer.BizId.slice(0, 64) : undefined;
      return { ok, bizId, code, message: aliyunCodeMessage(code, typeof answer.Message === 'string' ? answer.Message : '') };
    },
  };
}
