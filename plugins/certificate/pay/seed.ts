import { readFileSync } from 'node:fs';
import { DEMO_TENANT, SEED, type ServerContext, sniffImage, storeFile, type Tx } from '../../../core/sdk/server';
import { PAY, type PayState } from '../order/states';
import { ORDER_TABLE } from './order-row';
import { answerText, PAY_LOG_TABLE, REFUND_TABLE } from './records';
import { SANDBOX_REFUND, SANDBOX_TXN } from './sandbox';
import { DEFAULT_REFUND_DELAY } from './settings-shape';
import { SETTING_TABLE } from './settings';
import { rfc3339 } from './provider';
import { sandboxOpenid } from './simulate';

/**
 * The demo payments, after the demo orders (order/seed.ts): both demo tenants on the sandbox with a 30 s
 * refund delay, their own issuer and the demo seal; each paid order's sandbox transaction (its
 * transaction id and time as the order has them), each closed order's closed one, and refunds consistent
 * with the order's state: done for a refunded or partly refunded order, failed for a failed one, still
 * in progress (settling 30 s after the first start) for one being refunded. The order's refund number
 * and amount are then what the payment actions would have left.
 */

const DEMO: Readonly<Record<string, { admin: string; issuer: string }>> = {
  '000000': { admin: SEED.adminUserId, issuer: '上海博学职业技能培训中心' },
  [DEMO_TENANT.tenantId]: { admin: DEMO_TENANT.adminUserId, issuer: '广州启航教育科技有限公司' },
};

const MINUTE = 60_000;

const REASONS = ['学员申请退款', '重复支付，退回一笔', '课程取消，全额退款', '证书加急费退回'];

interface SeededOrder {
  id: string;
  order_no: string;
  amount: string;
  pay_state: number;
  ship_state: number;
  transaction_id: string | null;
  refund_no: string | null;
  refund_amount: string | null;
  pay_time: Date | null;
  logistics_company: string | null;
  logistics_no: string | null;
  create_time: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

async function insert(tx: Tx, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  await tx.query(`insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
}

export async function seedPayments(tx: Tx, ctx: ServerContext): Promise<void> {
  const now = ctx.now();
  const sealBytes = new Uint8Array(readFileSync(new URL('../demo/seal.png', import.meta.url)));
  const sealType = sniffImage(sealBytes);
  for (const [tenantId, demo] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    const seal = sealType ? (await storeFile(tx, ctx, { tenantId, userId: demo.admin }, sealBytes, sealType, 'seal.png')).link : '';
    await insert(tx, SETTING_TABLE, {
      id: ctx.ids.next(),
      tenant_id: tenantId,
      provider: 'sandbox',
      refund_delay_seconds: DEFAULT_REFUND_DELAY,
      issuer_name: demo.issuer,
      seal_image: seal,
      create_user: demo.admin,
      create_time: now,
      update_user: demo.admin,
      update_time: now,
    });

    const orders = await tx.query<SeededOrder>(
      `select id::text as id, order_no, amount::text as amount, pay_state, ship_state, transaction_id, refund_no, refund_amount::text as refund_amount,
              pay_time, logistics_company, logistics_no, create_time
         from ${ORDER_TABLE} where tenant_id = $1 and is_deleted = 0 order by create_time, id`,
      [tenantId],
    );
    for (const [i, order] of orders.entries()) await seedOrder(tx, ctx, tenantId, demo.admin, order, i, now);
  }
}

async function seedOrder(tx: Tx, ctx: ServerContext, tenantId: string, admin: string, order: SeededOrder, i: number, now: Date): Promise<void> {
  const state = Number(order.pay_state) as PayState;
  const amount = Number(order.amount);
  const log = (kind: string, at: Date, status: string, summary: string, answer: unknown, userId: string | null, logAmount: number | null = amount) =>
    insert(tx, PAY_LOG_TABLE, { id: ctx.ids.next(), tenant_id: tenantId, order_id: order.id, kind, amount: logAmount, status, summary, answer: answerText(answer), create_user: userId, create_time: at });

  if (state === PAY.closed) {
    const at = new Date(order.create_time.getTime() + 30 * MINUTE);
    await insert(tx, SANDBOX_TXN, { id: ctx.ids.next(), tenant_id: tenantId, out_trade_no: order.order_no, trade_state: 'CLOSED', total: amount, create_time: order.create_time, update_time: at });
    await log('close', at, 'success', 'CLOSED', { trade_state: 'CLOSED' }, admin);
    return;
  }
  if (state === PAY.unpaid || !order.transaction_id || !order.pay_time) return;

  const paidAt = new Date(order.pay_time);
  const refunded = Number(order.refund_amount ?? 0);
  const refunding = state === PAY.refunding;
  const failed = state === PAY.refundFailed;
  const shipped = Number(order.ship_state) === 1;
  await insert(tx, SANDBOX_TXN, {
    id: ctx.ids.next(),
    tenant_id: tenantId,
    out_trade_no: order.order_no,
    transaction_id: order.transaction_id,
    trade_state: refunded > 0 || failed ? 'REFUND' : 'SUCCESS',
    total: amount,
    payer_openid: sandboxOpenid(order.id),
    success_time: paidAt,
    logistics_company: shipped ? order.logistics_company : null,
    tracking_no: shipped ? order.logistics_no : null,
    shipped_at: shipped ? new Date(paidAt.getTime() + 20 * 60 * MINUTE) : null,
    create_time: order.create_time,
    update_time: paidAt,
  });
  const paid = { out_trade_no: order.order_no, transaction_id: order.transaction_id, trade_state: 'SUCCESS', success_time: rfc3339(paidAt), amount: { total: amount, payer_total: amount, currency: 'CNY' } };
  await log('pay', paidAt, 'success', `SUCCESS ${order.transaction_id}`, paid, null);
  if (shipped) {
    const at = new Date(Math.min(now.getTime() - MINUTE, paidAt.getTime() + 20 * 60 * MINUTE));
    await log('ship', at, 'success', `${order.logistics_company ?? ''} ${order.logistics_no ?? ''}`.trim(), { errcode: 0, errmsg: 'ok' }, admin, null);
  }

  // The refund the order's state tells of: its whole refund amount (or the whole order for a failed one).
  const refund = failed ? amount : refunded;
  if (refund <= 0 || !order.refund_no) return;
  const outcome = failed ? 'ABNORMAL' : 'SUCCESS';
  // One being refunded was asked a minute ago and settles after the tenant's delay from the first start.
  const askedAt = refunding ? new Date(now.getTime() - MINUTE) : new Date(Math.min(now.getTime() - 10 * MINUTE, paidAt.getTime() + 26 * 60 * MINUTE));
  const settleAt = refunding ? new Date(now.getTime() + DEFAULT_REFUND_DELAY * 1000) : new Date(askedAt.getTime() + DEFAULT_REFUND_DELAY * 1000);
  const refundId = `5030${day(askedAt)}${ctx.ids.next().slice(-16)}`;
  const reason = REASONS[i % REASONS.length]!;
  await insert(tx, SANDBOX_REFUND, {
    id: ctx.ids.next(),
    tenant_id: tenantId,
    out_refund_no: order.refund_no,
    refund_id: refundId,
    out_trade_no: order.order_no,
    transaction_id: order.transaction_id,
    refund,
    total: amount,
    reason,
    outcome,
    settle_at: settleAt,
    create_time: askedAt,
  });
  const status = refunding ? 'PROCESSING' : outcome;
  const answer = {
    refund_id: refundId,
    out_refund_no: order.refund_no,
    transaction_id: order.transaction_id,
    out_trade_no: order.order_no,
    channel: 'ORIGINAL',
    create_time: rfc3339(askedAt),
    ...(status === 'SUCCESS' ? { success_time: rfc3339(settleAt) } : {}),
    status,
    amount: { total: amount, refund, payer_total: amount, payer_refund: refund, currency: 'CNY' },
  };
  await insert(tx, REFUND_TABLE, {
    id: ctx.ids.next(),
    tenant_id: tenantId,
    order_id: order.id,
    out_refund_no: order.refund_no,
    refund_id: refundId,
    amount: refund,
    reason,
    status,
    answer: answerText(answer),
    create_user: admin,
    create_time: askedAt,
    settle_time: refunding ? null : settleAt,
    update_time: refunding ? askedAt : settleAt,
  });
  // What the payment actions leave on the order: the money refunded or on its way back (none for a failed refund).
  await tx.query(`update ${ORDER_TABLE} set refund_amount = $3 where tenant_id = $1 and id = $2`, [tenantId, order.id, failed ? 0 : refund]);
}
