import type { KeyObject } from 'node:crypto';
import { PAY_API_BASE, WX_API_BASE } from './endpoints';
import { type PaymentProvider, ProviderError, type RefundRequest, rfc3339, type ShippingInfo, type WxRefund, type WxTransaction } from './provider';
import { answerMessage, authorizationHeader, newNonce, requestMessage, sign, timestampFresh, verify } from './wechatpay-sign';

/**
 * WeChat Pay API v3 over fetch and node:crypto: each request signed with the merchant's key, each answer
 * checked against the platform's key before anything in it is believed (an answer that fails is refused,
 * whatever it says). WeChat's Node SDKs pull in axios and more; the four calls and the signature fit in
 * this file. Shipping information goes to the mini-program API with an access token from the AppSecret.
 */
export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** The merchant certificate's serial number (the `serial_no` of every request). */
  serialNo: string;
  privateKey: KeyObject;
  platformKey: KeyObject;
  /** The platform certificate's serial, when a certificate was configured: answers must name it. */
  platformSerial?: string;
  /** The mini-program's AppSecret, for its access token (shipping information). */
  appSecret?: string;
  payApiBase?: string;
  wxApiBase?: string;
  now: () => Date;
  /** Per call (default 10 s). */
  timeoutMs?: number;
}

/** Access tokens per mini-program (WeChat allows a few thousand a day: each lasts two hours). */
const tokens = new Map<string, { token: string; expiresAt: number }>();

const TOKEN_EXPIRED = new Set([40001, 42001, 40014]);

export function wechatPayV3(config: WechatPayConfig): PaymentProvider {
  const payBase = config.payApiBase || PAY_API_BASE;
  const wxBase = config.wxApiBase || WX_API_BASE;
  const timeoutMs = config.timeoutMs ?? 10_000;

  async function send(url: URL, init: RequestInit): Promise<{ status: number; headers: Headers; text: string }> {
    try {
      const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      return { status: res.status, headers: res.headers, text: await res.text() };
    } catch (error) {
      throw new ProviderError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
    }
  }

  /** Is the answer signed by the platform, recently? */
  function verified(headers: Headers, text: string): boolean {
    const timestamp = headers.get('wechatpay-timestamp') ?? '';
    const nonce = headers.get('wechatpay-nonce') ?? '';
    const signature = headers.get('wechatpay-signature') ?? '';
    const serial = headers.get('wechatpay-serial') ?? '';
    if (!timestamp || !nonce || !signature) return false;
    // WeChat's probe of whether merchants check: a deliberately wrong signature.
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) return false;
    if (config.platformSerial && serial.toUpperCase() !== config.platformSerial) return false;
    if (!timestampFresh(timestamp, config.now())) return false;
    return verify(config.platformKey, answerMessage(timestamp, nonce, text), signature);
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = new URL(path, payBase);
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(config.now().getTime() / 1000));
    const nonce = newNonce();
    const signature = sign(config.privateKey, requestMessage(method, `${url.pathname}${url.search}`, timestamp, nonce, text));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'card-admin-certificate/1.0',
      Authorization: authorizationHeader({ mchid: config.mchId, nonce_str: nonce, signature, timestamp, serial_no: config.serialNo }),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const answer = await send(url, { method, headers, body: body === undefined ? undefined : text });
    const error = answer.status >= 300 ? errorOf(answer.status, answer.text) : null;
    if (!verified(answer.headers, answer.text)) {
      // WeChat does not sign its refusal of our own signature; that refusal changes nothing here, so it
      // is passed on. Any other unsigned answer may be forged and is refused, whatever it says.
      if (error && answer.status === 401 && error.code === 'SIGN_ERROR') throw error;
      throw new ProviderError(answer.status, 'UNVERIFIED', 'the answer failed its signature check');
    }
    if (error) throw error;
    if (!answer.text) return undefined as T;
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw new ProviderError(answer.status, 'BAD_ANSWER', 'the answer is not JSON');
    }
  }

  async function accessToken(fresh: boolean): Promise<string> {
    if (!config.appSecret) throw new ProviderError(0, 'NOT_CONFIGURED', 'no AppSecret');
    const key = `${wxBase}|${config.appId}`;
    const cached = tokens.get(key);
    if (!fresh && cached && cached.expiresAt > config.now().getTime()) return cached.token;
    const url = new URL('/cgi-bin/token', wxBase);
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: config.appId, secret: config.appSecret }).toString();
    const answer = await send(url, { method: 'GET', headers: { Accept: 'application/json' } });
    const data = jsonOf(answer.text) as { access_token?: string; expires_in?: number; errcode?: number; errmsg?: string } | null;
    if (!data?.access_token) throw new ProviderError(answer.status, 'TOKEN_REFUSED', `${data?.errcode ?? answer.status} ${data?.errmsg ?? ''}`.trim());
    // Renewed five minutes before WeChat says it ends.
    tokens.set(key, { token: data.access_token, expiresAt: config.now().getTime() + Math.max(60, (data.expires_in ?? 7200) - 300) * 1000 });
    return data.access_token;
  }

  async function postShipping(body: unknown, fresh: boolean): Promise<void> {
    const url = new URL('/wxa/sec/order/upload_shipping_info', wxBase);
    url.search = new URLSearchParams({ access_token: await accessToken(fresh) }).toString();
    const answer = await send(url, { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const data = jsonOf(answer.text) as { errcode?: number; errmsg?: string } | null;
    if (data && data.errcode === 0) return;
    if (!fresh && data && TOKEN_EXPIRED.has(Number(data.errcode))) return postShipping(body, true);
    throw new ProviderError(answer.status, data?.errcode === undefined ? 'SHIPPING_REFUSED' : String(data.errcode), data?.errmsg ?? `HTTP ${answer.status}`);
  }

  const mchid = encodeURIComponent(config.mchId);
  return {
    id: 'wechatpay-v3',
    queryOrder: ({ outTradeNo }) => call<WxTransaction>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${mchid}`),
    async closeOrder({ outTradeNo }) {
      await call<void>('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: config.mchId });
    },
    refund: (r: RefundRequest) =>
      call<WxRefund>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: r.outTradeNo,
        out_refund_no: r.outRefundNo,
        reason: r.reason,
        amount: { refund: r.amount.refund, total: r.amount.total, currency: r.amount.currency },
      }),
    queryRefund: ({ outRefundNo }) => call<WxRefund>('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`),
    async uploadShippingInfo(s: ShippingInfo) {
      await postShipping(
        {
          order_key: { order_number_type: 2, transaction_id: s.transactionId },
          // 1: sent by express; 1: in one parcel.
          logistics_type: 1,
          delivery_mode: 1,
          shipping_list: [{ tracking_no: s.trackingNo, express_company: s.logisticsCompany, item_desc: s.itemDesc }],
          upload_time: rfc3339(config.now()),
          payer: { openid: s.payerOpenid ?? '' },
        },
        false,
      );
    },
  };
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A non-2xx answer as WeChat writes it: `{ code, message }`. */
function errorOf(status: number, text: string): ProviderError {
  const data = jsonOf(text) as { code?: unknown; message?: unknown } | null;
  const code = typeof data?.code === 'string' && /^[A-Z_]{2,40}$/.test(data.code) ? data.code : `HTTP_${status}`;
  const message = typeof data?.message === 'string' ? data.message.slice(0, 200) : '';
  return new ProviderError(status, code, message);
}
