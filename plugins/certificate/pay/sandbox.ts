import type { Migration, ServerContext, Tx } from '../../../core/sdk/server';
import { type PaymentProvider, ProviderError, type RefundRequest, rfc3339, type ShippingInfo, type TradeState, type WxRefund, type WxTransaction } from './provider';
import type { SandboxOutcome } from './settings-shape';

/**
 * The sandbox provider: WeChat Pay's transactions and refunds as a state machine in two tables of its
 * own, per tenant, answering in API v3's shapes. A transaction is paid only through the sandbox's own
 * "customer pays" (the screen's 模拟支付); a refund stays PROCESSING until its settle time (now plus the
 * tenant's delay) and then reads as its outcome; refunds beyond what was paid are refused as WeChat
 * refuses them. Each call is a transaction of its own holding the transaction row, like the real thing
 * behind its API.
 */
export const SANDBOX_TXN = 'xh_pay_sandbox_txn';
export const SANDBOX_REFUND = 'xh_pay_sandbox_refund';

export const sandboxMigrations: readonly Migration[] = [
  {
    id: 'pay-002-sandbox',
    sql: `
      create table if not exists ${SANDBOX_TXN} (
        id bigint primary key,
        tenant_id varchar(12) not null,
        out_trade_no varchar(64) not null,
        transaction_id varchar(32),
        trade_state varchar(16) not null check (trade_state in ('NOTPAY', 'SUCCESS', 'REFUND', 'CLOSED')),
        total bigint check (total > 0),
        payer_openid varchar(64),
        success_time timestamp,
        logistics_company varchar(16),
        tracking_no varchar(64),
        shipped_at timestamp,
        create_time timestamp not null,
        update_time timestamp not null,
        check (trade_state not in ('SUCCESS', 'REFUND') or (transaction_id is not null and total is not null and success_time is not null))
      );
      create unique index if not exists ${SANDBOX_TXN}_no on ${SANDBOX_TXN} (tenant_id, out_trade_no);
      create unique index if not exists ${SANDBOX_TXN}_transaction on ${SANDBOX_TXN} (tenant_id, transaction_id);
      create table if not exists ${SANDBOX_REFUND} (
        id bigint primary key,
        tenant_id varchar(12) not null,
        out_refund_no varchar(64) not null,
        refund_id varchar(32) not null,
        out_trade_no varchar(64) not null,
        transaction_id varchar(32) not null,
        refund bigint not null check (refund > 0),
        total bigint not null,
        reason varchar(80) not null default '',
        outcome varchar(16) not null check (outcome in ('SUCCESS', 'ABNORMAL')),
        settle_at timestamp not null,
        create_time timestamp not null
      );
      create unique index if not exists ${SANDBOX_REFUND}_no on ${SANDBOX_REFUND} (tenant_id, out_refund_no);
      create index if not exists ${SANDBOX_REFUND}_trade on ${SANDBOX_REFUND} (tenant_id, out_trade_no);
    `,
  },
];

export interface SandboxOptions {
  /** Seconds a refund stays PROCESSING. */
  refundDelaySeconds: number;
  /** What a refund settles as. */
  outcome: SandboxOutcome;
}

interface TxnRow {
  id: string;
  out_trade_no: string;
  transaction_id: string | null;
  trade_state: TradeState;
  total: string | null;
  payer_openid: string | null;
  success_time: Date | null;
}

interface RefundRow {
  out_refund_no: string;
  refund_id: string;
  out_trade_no: string;
  transaction_id: string;
  refund: string;
  total: string;
  outcome: SandboxOutcome;
  settle_at: Date;
  create_time: Date;
}

const TRADE_STATE_DESC: Readonly<Record<string, string>> = { SUCCESS: '支付成功', REFUND: '转入退款', NOTPAY: '未支付', CLOSED: '已关闭' };

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
/** WeChat's numbering: 28 digits, its prefix, the day, then digits of a fresh id. */
const wxNumber = (prefix: string, ctx: Pick<ServerContext, 'ids'>, at: Date) => `${prefix}${day(at)}${ctx.ids.next().slice(-16)}`;

/** The transaction as API v3's query answers it. */
function transactionView(row: TxnRow): WxTransaction {
  const paid = row.trade_state === 'SUCCESS' || row.trade_state === 'REFUND';
  const total = row.total === null ? undefined : Number(row.total);
  return {
    appid: 'sandbox',
    mchid: 'sandbox',
    out_trade_no: row.out_trade_no,
    ...(row.transaction_id ? { transaction_id: row.transaction_id } : {}),
    trade_type: 'JSAPI',
    trade_state: row.trade_state,
    trade_state_desc: TRADE_STATE_DESC[row.trade_state] ?? row.trade_state,
    ...(paid && row.success_time ? { success_time: rfc3339(row.success_time) } : {}),
    ...(total !== undefined ? { amount: { total, payer_total: paid ? total : 0, currency: 'CNY' as const, payer_currency: 'CNY' as const } } : {}),
    ...(row.payer_openid ? { payer: { openid: row.payer_openid } } : {}),
  };
}

/** The refund as of `now`: PROCESSING until its settle time, then its outcome. */
function refundView(row: RefundRow, now: Date): WxRefund {
  const settled = now.getTime() >= row.settle_at.getTime();
  const status = settled ? row.outcome : 'PROCESSING';
  return {
    refund_id: row.refund_id,
    out_refund_no: row.out_refund_no,
    transaction_id: row.transaction_id,
    out_trade_no: row.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(status === 'SUCCESS' ? { success_time: rfc3339(row.settle_at) } : {}),
    create_time: rfc3339(row.create_time),
    status,
    amount: { total: Number(row.total), refund: Number(row.refund), payer_total: Number(row.total), payer_refund: Number(row.refund), currency: 'CNY' },
  };
}

const TXN_COLUMNS = 'id::text as id, out_trade_no, transaction_id, trade_state, total::text as total, payer_openid, success_time';
const REFUND_COLUMNS = 'out_refund_no, refund_id, out_trade_no, transaction_id, refund::text as refund, total::text as total, outcome, settle_at, create_time';

async function lockTxn(tx: Tx, tenantId: string, outTradeNo: string): Promise<TxnRow | undefined> {
  return tx.one<TxnRow>(`select ${TXN_COLUMNS} from ${SANDBOX_TXN} where tenant_id = $1 and out_trade_no = $2 for update`, [tenantId, outTradeNo]);
}

/** The transaction row, made NOTPAY when there is none yet (a customer who opened the payment), locked. */
async function lockOrOpenTxn(tx: Tx, ctx: Pick<ServerContext, 'ids' | 'now'>, tenantId: string, outTradeNo: string, total: number | null): Promise<TxnRow> {
  const now = ctx.now();
  await tx.query(
    `insert into ${SANDBOX_TXN} (id, tenant_id, out_trade_no, trade_state, total, create_time, update_time)
     values ($1, $2, $3, 'NOTPAY', $4, $5, $5) on conflict (tenant_id, out_trade_no) do nothing`,
    [ctx.ids.next(), tenantId, outTradeNo, total, now],
  );
  return (await lockTxn(tx, tenantId, outTradeNo))!;
}

const notFound = () => new ProviderError(404, 'ORDER_NOT_EXIST', '订单不存在');

/** The calls, on a transaction of the caller's (the tenant's, or the seed's). */
export const sandboxCalls = {
  async queryOrder(tx: Tx, tenantId: string, outTradeNo: string): Promise<WxTransaction> {
    const row = await tx.one<TxnRow>(`select ${TXN_COLUMNS} from ${SANDBOX_TXN} where tenant_id = $1 and out_trade_no = $2`, [tenantId, outTradeNo]);
    if (!row) throw notFound();
    return transactionView(row);
  },

  /** Closing an unpaid (or never opened) transaction; a paid one is refused, a closed one stays closed. */
  async closeOrder(tx: Tx, ctx: Pick<ServerContext, 'ids' | 'now'>, tenantId: string, outTradeNo: string): Promise<void> {
    const row = await lockOrOpenTxn(tx, ctx, tenantId, outTradeNo, null);
    if (row.trade_state === 'SUCCESS' || row.trade_state === 'REFUND') throw new ProviderError(400, 'ORDERPAID', '订单已支付');
    if (row.trade_state === 'CLOSED') return;
    await tx.query(`update ${SANDBOX_TXN} set trade_state = 'CLOSED', update_time = $3 where tenant_id = $1 and id = $2`, [tenantId, row.id, ctx.now()]);
  },

  /** The customer pays `total` fen (what a real customer does in WeChat): NOTPAY becomes SUCCESS. */
  async pay(tx: Tx, ctx: Pick<ServerContext, 'ids' | 'now'>, tenantId: string, p: { outTradeNo: string; total: number; payerOpenid: string }): Promise<WxTransaction> {
    const row = await lockOrOpenTxn(tx, ctx, tenantId, p.outTradeNo, p.total);
    if (row.trade_state === 'CLOSED') throw new ProviderError(400, 'ORDERCLOSED', '订单已关闭');
    if (row.trade_state !== 'NOTPAY') throw new ProviderError(400, 'ORDERPAID', '订单已支付');
    const at = ctx.now();
    const [paid] = await tx.query<TxnRow>(
      `update ${SANDBOX_TXN} set trade_state = 'SUCCESS', transaction_id = $3, total = $4, payer_openid = $5, success_time = $6, update_time = $6
        where tenant_id = $1 and id = $2 and trade_state = 'NOTPAY' returning ${TXN_COLUMNS}`,
      [tenantId, row.id, wxNumber('4200', ctx, at), p.total, p.payerOpenid, at],
    );
    return transactionView(paid!);
  },

  /**
   * A refund of a paid transaction: the same out_refund_no again answers the refund already made (as
   * WeChat does); the whole amount must be the transaction's; what is refunded and under way may not
   * exceed it (NOT_ENOUGH).
   */
  async refund(tx: Tx, ctx: Pick<ServerContext, 'ids' | 'now'>, tenantId: string, r: RefundRequest, options: SandboxOptions): Promise<WxRefund> {
    const now = ctx.now();
    const txn = await lockTxn(tx, tenantId, r.outTradeNo);
    if (!txn) throw notFound();
    const existing = await tx.one<RefundRow>(`select ${REFUND_COLUMNS} from ${SANDBOX_REFUND} where tenant_id = $1 and out_refund_no = $2`, [tenantId, r.outRefundNo]);
    if (existing) {
      if (existing.out_trade_no !== r.outTradeNo || Number(existing.refund) !== r.amount.refund) throw new ProviderError(400, 'INVALID_REQUEST', '退款单号已用于另一笔退款');
      return refundView(existing, now);
    }
    if (txn.trade_state !== 'SUCCESS' && txn.trade_state !== 'REFUND') throw new ProviderError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    if (!Number.isSafeInteger(r.amount.refund) || r.amount.refund <= 0) throw new ProviderError(400, 'PARAM_ERROR', '退款金额须大于 0');
    if (Number(txn.total) !== r.amount.total) throw new ProviderError(400, 'INVALID_REQUEST', '订单金额与原订单不一致');
    const taken = await tx.one<{ sum: string }>(
      `select coalesce(sum(refund), 0)::text as sum from ${SANDBOX_REFUND}
        where tenant_id = $1 and out_trade_no = $2 and not (outcome = 'ABNORMAL' and settle_at <= $3)`,
      [tenantId, r.outTradeNo, now],
    );
    if (Number(taken!.sum) + r.amount.refund > Number(txn.total)) throw new ProviderError(403, 'NOT_ENOUGH', '退款金额超过订单可退金额');
    const [row] = await tx.query<RefundRow>(
      `insert into ${SANDBOX_REFUND} (id, tenant_id, out_refund_no, refund_id, out_trade_no, transaction_id, refund, total, reason, outcome, settle_at, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${REFUND_COLUMNS}`,
      [
        ctx.ids.next(),
        tenantId,
        r.outRefundNo,
        wxNumber('5030', ctx, now),
        r.outTradeNo,
        txn.transaction_id,
        r.amount.refund,
        r.amount.total,
        r.reason.slice(0, 80),
        options.outcome,
        new Date(now.getTime() + options.refundDelaySeconds * 1000),
        now,
      ],
    );
    await tx.query(`update ${SANDBOX_TXN} set trade_state = 'REFUND', update_time = $3 where tenant_id = $1 and id = $2`, [tenantId, txn.id, now]);
    return refundView(row!, now);
  },

  async queryRefund(tx: Tx, tenantId: string, outRefundNo: string, now: Date): Promise<WxRefund> {
    const row = await tx.one<RefundRow>(`select ${REFUND_COLUMNS} from ${SANDBOX_REFUND} where tenant_id = $1 and out_refund_no = $2`, [tenantId, outRefundNo]);
    if (!row) throw new ProviderError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    return refundView(row, now);
  },

  /** Shipping information for a paid transaction (its last upload kept, as WeChat lets a merchant correct it). */
  async uploadShippingInfo(tx: Tx, tenantId: string, s: ShippingInfo, now: Date): Promise<void> {
    const updated = await tx.query(
      `update ${SANDBOX_TXN} set logistics_company = $3, tracking_no = $4, shipped_at = $5, update_time = $5
        where tenant_id = $1 and transaction_id = $2 and trade_state in ('SUCCESS', 'REFUND') returning id`,
      [tenantId, s.transactionId, s.logisticsCompany, s.trackingNo, now],
    );
    if (updated.length === 0) throw new ProviderError(200, '10060001', '支付单不存在');
  },
};

/** The sandbox as the tenant's provider: each call its own transaction in the tenant's database. */
export function sandboxProvider(ctx: ServerContext, tenantId: string, options: SandboxOptions): PaymentProvider & { pay(p: { outTradeNo: string; total: number; payerOpenid: string }): Promise<WxTransaction> } {
  const run = <T>(work: (tx: Tx) => Promise<T>) => ctx.db.tenant(tenantId, work);
  return {
    id: 'sandbox',
    queryOrder: ({ outTradeNo }) => run((tx) => sandboxCalls.queryOrder(tx, tenantId, outTradeNo)),
    closeOrder: ({ outTradeNo }) => run((tx) => sandboxCalls.closeOrder(tx, ctx, tenantId, outTradeNo)),
    refund: (r) => run((tx) => sandboxCalls.refund(tx, ctx, tenantId, r, options)),
    queryRefund: ({ outRefundNo }) => run((tx) => sandboxCalls.queryRefund(tx, tenantId, outRefundNo, ctx.now())),
    uploadShippingInfo: (s) => run((tx) => sandboxCalls.uploadShippingInfo(tx, tenantId, s, ctx.now())),
    pay: (p) => run((tx) => sandboxCalls.pay(tx, ctx, tenantId, p)),
  };
}
