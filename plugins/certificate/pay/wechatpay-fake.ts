import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { RefundStatus } from './states';
import { answerMessage, newNonce, parseAuthorization, requestMessage, sign, timestampFresh, verify } from './wechatpay-sign';

/**
 * A local stand-in for WeChat Pay API v3 and the mini-program shipping API, for tests only: a node http
 * server on 127.0.0.1 that checks every request as WeChat does (the merchant's signature with its public
 * key, the merchant id, the timestamp's window, the serial number) and signs every answer with a
 * platform key of its own. It keeps transactions and refunds in memory, refuses refunds beyond what was
 * paid, and can be told to spoil its answers (a body changed after signing, a forged signature).
 */
export interface FakeMerchant {
  mchId: string;
  appId: string;
  serialNo: string;
  publicKey: KeyObject;
  appSecret: string;
}

interface FakeTransaction {
  outTradeNo: string;
  transactionId: string;
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';
  total: number;
  openid: string;
  successTime?: string;
}

interface FakeRefund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  transactionId: string;
  refund: number;
  total: number;
  status: RefundStatus;
  createTime: string;
}

type Spoiled = 'none' | 'body' | 'signature' | 'stale';

export interface FakeWechatPay {
  /** `http://127.0.0.1:<port>`: both the pay API's base and the mini-program API's. */
  base: string;
  /** The platform's key pair: the public key (PEM) goes into the merchant's settings. */
  platformPublicKeyPem: string;
  /** What the fake saw: each request's method and path, and whether its signature held. */
  requests: { method: string; path: string; verified: boolean }[];
  shipments: unknown[];
  /** A transaction the customer opened (NOTPAY), as a mini-program's prepay makes one. */
  open(outTradeNo: string, total: number): void;
  /** The customer pays it. */
  pay(outTradeNo: string, openid?: string): FakeTransaction;
  /** A refund settles. */
  settle(outRefundNo: string, status: RefundStatus): void;
  refunds(): FakeRefund[];
  /** The next answers: as they are, their body changed after signing, signed with another key, or signed ten minutes ago. */
  spoil(mode: Spoiled): void;
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const rfc3339 = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}+08:00`;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeWechatPay(merchant: FakeMerchant, options: { now?: () => Date } = {}): Promise<FakeWechatPay> {
  const now = options.now ?? (() => new Date());
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerial = randomBytes(20).toString('hex').toUpperCase();
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<string, FakeRefund>();
  const tokens = new Set<string>();
  const requests: FakeWechatPay['requests'] = [];
  const shipments: unknown[] = [];
  let spoiled: Spoiled = 'none';

  /** A signed answer (WeChat signs every answer to a request whose signature held). */
  function answer(res: ServerResponse, status: number, body?: unknown): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(now().getTime() / 1000) - (spoiled === 'stale' ? 600 : 0));
    const nonce = newNonce();
    const key = spoiled === 'signature' ? stranger.privateKey : platform.privateKey;
    const signature = sign(key, answerMessage(timestamp, nonce, text));
    const sent = spoiled === 'body' && text ? text.replace(/"(NOTPAY|PROCESSING)"/, '"SUCCESS"').replace(/"total":(\d+)/, (_, n: string) => `"total":${Number(n) + 1}`) : text;
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-ID': randomBytes(8).toString('hex'),
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': platformSerial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    });
    res.end(sent);
  }

  /** WeChat's refusal of a request it could not trust: unsigned, as WeChat's is. */
  function refuseSignature(res: ServerResponse, message: string): void {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 'SIGN_ERROR', message }));
  }

  const txnView = (t: FakeTransaction) => ({
    appid: merchant.appId,
    mchid: merchant.mchId,
    out_trade_no: t.outTradeNo,
    ...(t.state === 'SUCCESS' || t.state === 'REFUND' ? { transaction_id: t.transactionId, success_time: t.successTime, payer: { openid: t.openid } } : {}),
    trade_type: 'JSAPI',
    trade_state: t.state,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', REFUND: '转入退款', CLOSED: '已关闭' }[t.state],
    amount: { total: t.total, payer_total: t.state === 'NOTPAY' || t.state === 'CLOSED' ? 0 : t.total, currency: 'CNY', payer_currency: 'CNY' },
  });
  const refundView = (r: FakeRefund) => ({
    refund_id: r.refundId,
    out_refund_no: r.outRefundNo,
    transaction_id: r.transactionId,
    out_trade_no: r.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: r.createTime,
    ...(r.status === 'SUCCESS' ? { success_time: rfc3339(now()) } : {}),
    status: r.status,
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  });

  async function pay(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
    const auth = parseAuthorization(req.headers.authorization);
    const verified =
      !!auth &&
      auth.mchid === merchant.mchId &&
      auth.serial_no === merchant.serialNo &&
      timestampFresh(auth.timestamp, now()) &&
      verify(merchant.publicKey, requestMessage(req.method ?? '', `${url.pathname}${url.search}`, auth.timestamp, auth.nonce_str, body), auth.signature);
    requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, verified });
    if (!auth) return refuseSignature(res, 'Authorization 头缺失或格式错误');
    if (!verified) return refuseSignature(res, '签名错误');

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (byNo && req.method === 'GET' && !byNo[2]) {
      if (url.searchParams.get('mchid') !== merchant.mchId) return answer(res, 400, { code: 'PARAM_ERROR', message: 'mchid 与请求的商户号不一致' });
      const t = transactions.get(decodeURIComponent(byNo[1]!));
      return t ? answer(res, 200, txnView(t)) : answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    }
    if (byNo && req.method === 'POST' && byNo[2]) {
      const { mchid } = JSON.parse(body || '{}') as { mchid?: string };
      if (mchid !== merchant.mchId) return answer(res, 400, { code: 'PARAM_ERROR', message: 'mchid 与请求的商户号不一致' });
      const t = transactions.get(decodeURIComponent(byNo[1]!));
      if (!t) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return answer(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      t.state = 'CLOSED';
      return answer(res, 204);
    }
    if (url.pathname === '/v3/refund/domestic/refunds' && req.method === 'POST') {
      const r = JSON.parse(body || '{}') as { out_trade_no?: string; out_refund_no?: string; amount?: { refund?: number; total?: number; currency?: string } };
      const t = r.out_trade_no ? transactions.get(r.out_trade_no) : undefined;
      if (!t) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (!r.out_refund_no || !r.amount?.refund || r.amount.currency !== 'CNY') return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      const existing = refunds.get(r.out_refund_no);
      if (existing) return answer(res, 200, refundView(existing));
      if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return answer(res, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
      if (r.amount.total !== t.total) return answer(res, 400, { code: 'INVALID_REQUEST', message: '订单金额与原订单不一致' });
      const taken = [...refunds.values()].filter((x) => x.outTradeNo === t.outTradeNo && x.status !== 'ABNORMAL' && x.status !== 'CLOSED').reduce((s, x) => s + x.refund, 0);
      if (taken + r.amount.refund > t.total) return answer(res, 403, { code: 'NOT_ENOUGH', message: '退款金额超过订单可退金额' });
      const refund: FakeRefund = {
        outRefundNo: r.out_refund_no,
        refundId: `50300${digits(24)}`,
        outTradeNo: t.outTradeNo,
        transactionId: t.transactionId,
        refund: r.amount.refund,
        total: t.total,
        status: 'PROCESSING',
        createTime: rfc3339(now()),
      };
      refunds.set(refund.outRefundNo, refund);
      t.state = 'REFUND';
      return answer(res, 200, refundView(refund));
    }
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (refundNo && req.method === 'GET') {
      const r = refunds.get(decodeURIComponent(refundNo[1]!));
      return r ? answer(res, 200, refundView(r)) : answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
    }
    return answer(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  /** The mini-program API: an access token for the AppID and AppSecret, then the shipping upload. */
  function miniProgram(res: ServerResponse, url: URL, body: string): void {
    const json = (data: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('appid') !== merchant.appId || url.searchParams.get('secret') !== merchant.appSecret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return json({ access_token: token, expires_in: 7200 });
    }
    if (!tokens.has(url.searchParams.get('access_token') ?? '')) return json({ errcode: 40001, errmsg: 'invalid credential' });
    const s = JSON.parse(body || '{}') as { order_key?: { transaction_id?: string }; shipping_list?: { tracking_no?: string; express_company?: string }[]; payer?: { openid?: string } };
    const t = [...transactions.values()].find((x) => x.transactionId === s.order_key?.transaction_id && (x.state === 'SUCCESS' || x.state === 'REFUND'));
    if (!t) return json({ errcode: 10060001, errmsg: '支付单不存在' });
    if (s.payer?.openid !== t.openid) return json({ errcode: 10060002, errmsg: '支付者 openid 不一致' });
    if (!s.shipping_list?.[0]?.tracking_no || !s.shipping_list[0].express_company) return json({ errcode: 47001, errmsg: 'data format error' });
    shipments.push(s);
    return json({ errcode: 0, errmsg: 'ok' });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await bodyOf(req);
      if (url.pathname.startsWith('/v3/')) return pay(req, res, url, body);
      if (url.pathname === '/cgi-bin/token' || url.pathname === '/wxa/sec/order/upload_shipping_info') return miniProgram(res, url, body);
      res.writeHead(404);
      res.end();
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    base: `http://127.0.0.1:${port}`,
    platformPublicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    requests,
    shipments,
    open(outTradeNo, total) {
      transactions.set(outTradeNo, { outTradeNo, transactionId: `42000${digits(23)}`, state: 'NOTPAY', total, openid: '' });
    },
    pay(outTradeNo, openid = `o${randomBytes(14).toString('hex').slice(0, 27)}`) {
      const t = transactions.get(outTradeNo);
      if (!t || t.state !== 'NOTPAY') throw new Error(`fake: ${outTradeNo} cannot be paid`);
      Object.assign(t, { state: 'SUCCESS', openid, successTime: rfc3339(now()) });
      return t;
    },
    settle(outRefundNo, status) {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`fake: no refund ${outRefundNo}`);
      r.status = status;
    },
    refunds: () => [...refunds.values()],
    spoil(mode) {
      spoiled = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
