import type { LocalText } from '../../../core/sdk/server';
import type { ProviderId, RefundStatus } from './states';

/**
 * What the certificate orders ask of a payment provider, in WeChat Pay API v3's own shapes (field names
 * and states as its documentation gives them), so the sandbox and the real API answer alike and the
 * order's logic never asks which one it talks to. Every call is made outside a database transaction: a
 * real provider is a network away, and the sandbox keeps its own rows in transactions of its own.
 */
export interface PaymentProvider {
  readonly id: ProviderId;
  queryOrder(q: { outTradeNo: string }): Promise<WxTransaction>;
  closeOrder(q: { outTradeNo: string }): Promise<void>;
  refund(r: RefundRequest): Promise<WxRefund>;
  queryRefund(q: { outRefundNo: string }): Promise<WxRefund>;
  uploadShippingInfo(s: ShippingInfo): Promise<void>;
}

/** SUCCESS paid; REFUND paid, then (partly) refunded; NOTPAY waiting; CLOSED closed; the rest are WeChat's too. */
export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

export interface WxTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state: TradeState;
  trade_state_desc: string;
  /** RFC 3339, when paid. */
  success_time?: string;
  amount?: { total: number; payer_total?: number; currency: 'CNY'; payer_currency?: 'CNY' };
  payer?: { openid: string };
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  /** Fen: this refund and the transaction's whole amount. */
  amount: { refund: number; total: number; currency: 'CNY' };
  reason: string;
}

export interface WxRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id?: string;
  out_trade_no: string;
  channel?: string;
  user_received_account?: string;
  /** RFC 3339, when it settled. */
  success_time?: string;
  create_time: string;
  status: RefundStatus;
  amount: { total: number; refund: number; payer_total?: number; payer_refund?: number; currency: 'CNY' };
}

export interface ShippingInfo {
  transactionId: string;
  outTradeNo: string;
  /** The express company's code (logistics.ts). */
  logisticsCompany: string;
  trackingNo: string;
  itemDesc: string;
  payerOpenid?: string;
}

/**
 * The provider said no (a business refusal with WeChat's code: NOT_ENOUGH, ORDERPAID, ORDER_NOT_EXIST…),
 * or could not be reached or trusted (NETWORK, UNVERIFIED). `status` is the HTTP status it answered (0
 * when none came).
 */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ProviderError';
  }
}

/** The codes the back office explains in both languages; any other is named by its code. */
const KNOWN_CODES: Readonly<Record<string, LocalText>> = {
  NOT_ENOUGH: { zh: '退款金额超过订单可退金额', en: 'The refund is more than the order has left to refund' },
  ORDER_NOT_EXIST: { zh: '支付订单不存在（客户尚未发起支付）', en: 'The provider has no such payment (the customer has not started paying)' },
  RESOURCE_NOT_EXISTS: { zh: '退款单不存在', en: 'The provider has no such refund' },
  ORDERPAID: { zh: '订单已支付，不能关闭，请先查询支付', en: 'The order has been paid and cannot be closed: query the payment first' },
  ORDERCLOSED: { zh: '订单已关闭', en: 'The order has been closed' },
  ORDER_NOT_PAID: { zh: '订单尚未支付', en: 'The order has not been paid' },
  USERPAYING: { zh: '客户正在支付，请稍后再试', en: 'The customer is paying: try again shortly' },
  INVALID_REQUEST: { zh: '请求与订单不符（金额或状态不一致）', en: 'The request does not match the payment (its amount or state)' },
  PARAM_ERROR: { zh: '支付接口参数错误', en: 'The payment provider refused a parameter' },
  SIGN_ERROR: { zh: '签名错误，请检查商户号、证书序列号与商户私钥', en: 'Bad signature: check the merchant id, certificate serial number and private key' },
  FREQUENCY_LIMITED: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests to the provider: try again shortly' },
  SYSTEM_ERROR: { zh: '支付平台系统繁忙，请稍后再试', en: 'The payment provider is busy: try again shortly' },
  UNVERIFIED: { zh: '支付平台应答签名验证失败，已拒绝该应答', en: 'The provider’s answer failed its signature check and was refused' },
  NETWORK: { zh: '无法连接支付平台，请稍后再试', en: 'The payment provider could not be reached: try again shortly' },
  NOT_CONFIGURED: { zh: '微信支付尚未配置完整，请在“支付与证书设置”中填写', en: 'WeChat Pay is not fully set up: fill in the payment settings' },
  SHIPPING_REFUSED: { zh: '微信拒绝了发货信息', en: 'WeChat refused the shipping information' },
  TOKEN_REFUSED: { zh: '获取小程序 access_token 失败，请检查 AppID 与 AppSecret', en: 'The mini-program access token was refused: check the AppID and AppSecret' },
};

/** What the caller is told of a provider's refusal, in both languages (WeChat's own text is Chinese only). */
export function providerRefusal(error: ProviderError): LocalText {
  const known = KNOWN_CODES[error.code];
  if (known) return { zh: `支付平台：${known.zh}（${error.code}）`, en: `Payment provider: ${known.en} (${error.code})` };
  return { zh: `支付平台拒绝了请求：${error.detail}（${error.code}）`, en: `The payment provider refused the request (${error.code})` };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as WeChat Pay writes it (RFC 3339 with the server's offset: `2024-05-01T10:34:56+08:00`). */
export function rfc3339(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const abs = Math.abs(offset);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day}T${time}${offset >= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A provider's RFC 3339 time as a Date, or null when it is missing or not a time. */
export function parseProviderTime(text: string | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
