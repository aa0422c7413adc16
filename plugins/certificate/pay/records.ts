import type { Migration, Tx } from '../../../core/sdk/server';
import type { LogKind, LogStatus } from './payment-event';
import type { RefundStatus } from './states';

/**
 * What the payment actions write down besides the order: every refund (who asked, when, how much, why,
 * and the provider's answer, kept as it came) and every other call to the provider (a query, a close, a
 * shipping upload, a simulated payment) with its outcome. Both are read back as the order's payment
 * history.
 */
export const REFUND_TABLE = 'xh_certificate_refund';
export const PAY_LOG_TABLE = 'xh_certificate_pay_log';

export const recordMigrations: readonly Migration[] = [
  {
    id: 'pay-003-records',
    sql: `
      create table if not exists ${REFUND_TABLE} (
        id bigint primary key,
        tenant_id varchar(12) not null,
        order_id bigint not null,
        out_refund_no varchar(64) not null,
        refund_id varchar(64) not null default '',
        amount bigint not null check (amount > 0),
        reason varchar(80) not null,
        status varchar(16) not null check (status in ('PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED')),
        answer text not null default '',
        create_user bigint,
        create_time timestamp not null,
        settle_time timestamp,
        update_time timestamp not null
      );
      create unique index if not exists ${REFUND_TABLE}_no on ${REFUND_TABLE} (tenant_id, out_refund_no);
      create index if not exists ${REFUND_TABLE}_order on ${REFUND_TABLE} (tenant_id, order_id);
      create table if not exists ${PAY_LOG_TABLE} (
        id bigint primary key,
        tenant_id varchar(12) not null,
        order_id bigint not null,
        kind varchar(16) not null check (kind in ('pay', 'query', 'close', 'refundQuery', 'ship')),
        amount bigint,
        status varchar(16) not null check (status in ('success', 'processing', 'failed')),
        summary varchar(255) not null default '',
        answer text not null default '',
        create_user bigint,
        create_time timestamp not null
      );
      create index if not exists ${PAY_LOG_TABLE}_order on ${PAY_LOG_TABLE} (tenant_id, order_id, create_time);
    `,
  },
];

/** A provider's answer as stored: the JSON it sent, at most 4000 characters. */
export const answerText = (answer: unknown) => (answer === undefined ? '' : JSON.stringify(answer).slice(0, 4000));

export interface RefundRecord {
  id: string;
  out_refund_no: string;
  amount: number;
  status: RefundStatus;
  create_time: Date;
}

/** An order's refunds, oldest first. */
export async function refundsOf(tx: Tx, tenantId: string, orderId: string): Promise<RefundRecord[]> {
  const rows = await tx.query<Omit<RefundRecord, 'amount'> & { amount: string }>(
    `select id::text as id, out_refund_no, amount::text as amount, status, create_time from ${REFUND_TABLE}
      where tenant_id = $1 and order_id = $2 order by create_time, id`,
    [tenantId, orderId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** A refund asked for: PROCESSING until the provider says otherwise. */
export async function insertRefund(
  tx: Tx,
  r: { id: string; tenantId: string; orderId: string; outRefundNo: string; amount: number; reason: string; userId: string | null; now: Date },
): Promise<void> {
  await tx.query(
    `insert into ${REFUND_TABLE} (id, tenant_id, order_id, out_refund_no, amount, reason, status, create_user, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, 'PROCESSING', $7, $8, $8)`,
    [r.id, r.tenantId, r.orderId, r.outRefundNo, r.amount, r.reason, r.userId, r.now],
  );
}

/**
 * The provider's word on a refund still in progress (a conditional update: a refund already settled is
 * not written again); `status` CLOSED for one the provider refused or does not know.
 */
export async function recordRefundAnswer(tx: Tx, tenantId: string, outRefundNo: string, a: { status: RefundStatus; refundId?: string; answer: unknown; settledAt: Date | null; now: Date }): Promise<boolean> {
  const rows = await tx.query(
    `update ${REFUND_TABLE} set status = $3, refund_id = coalesce($4, refund_id), answer = $5, settle_time = $6, update_time = $7
      where tenant_id = $1 and out_refund_no = $2 and status = 'PROCESSING' returning id`,
    [tenantId, outRefundNo, a.status, a.refundId ?? null, answerText(a.answer), a.status === 'PROCESSING' ? null : a.settledAt ?? a.now, a.now],
  );
  return rows.length === 1;
}

/** One call to the provider and its outcome. */
export async function logCall(
  tx: Tx,
  l: { id: string; tenantId: string; orderId: string; kind: LogKind; amount?: number | null; status: LogStatus; summary: string; answer: unknown; userId: string | null; now: Date },
): Promise<void> {
  await tx.query(
    `insert into ${PAY_LOG_TABLE} (id, tenant_id, order_id, kind, amount, status, summary, answer, create_user, create_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [l.id, l.tenantId, l.orderId, l.kind, l.amount ?? null, l.status, l.summary.slice(0, 255), answerText(l.answer), l.userId, l.now],
  );
}
