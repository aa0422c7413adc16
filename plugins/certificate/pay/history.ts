import { formatDateTime, type Tx } from '../../../core/sdk/server';
import type { LogKind, LogStatus, PaymentEvent } from './payment-event';
import { PAY_LOG_TABLE, REFUND_TABLE } from './records';
import type { RefundStatus } from './states';

const statusOfRefund = (status: RefundStatus): LogStatus => (status === 'SUCCESS' ? 'success' : status === 'PROCESSING' ? 'processing' : 'failed');

/** What a stored refund answer says in brief (the JSON kept whole in the table). */
function refundSummary(answer: string, status: RefundStatus): string {
  try {
    const parsed = JSON.parse(answer) as { refund_id?: string; code?: string; message?: string };
    if (parsed.code) return `${parsed.code}${parsed.message ? `: ${parsed.message}` : ''}`;
    return `${status}${parsed.refund_id ? ` ${parsed.refund_id}` : ''}`;
  } catch {
    return status;
  }
}

/** Who acted, as people know them. */
const OPERATOR = "coalesce(nullif(u.real_name, ''), u.name, u.account, '')";

/** At most this many events per order (an order sees a handful). */
const MAX_EVENTS = 200;

/** The order's refunds and provider calls, newest first, with who made each. */
export async function paymentHistory(tx: Tx, tenantId: string, orderId: string): Promise<PaymentEvent[]> {
  const refunds = await tx.query<{ id: string; out_refund_no: string; amount: string; reason: string; status: RefundStatus; answer: string; operator: string; create_time: Date; settle_time: Date | null }>(
    `select r.id::text as id, r.out_refund_no, r.amount::text as amount, r.reason, r.status, r.answer, ${OPERATOR} as operator, r.create_time, r.settle_time
       from ${REFUND_TABLE} r left join blade_user u on u.id = r.create_user and u.tenant_id = r.tenant_id
      where r.tenant_id = $1 and r.order_id = $2 order by r.create_time desc, r.id desc limit ${MAX_EVENTS}`,
    [tenantId, orderId],
  );
  const calls = await tx.query<{ id: string; kind: LogKind; amount: string | null; status: LogStatus; summary: string; operator: string; create_time: Date }>(
    `select l.id::text as id, l.kind, l.amount::text as amount, l.status, l.summary, ${OPERATOR} as operator, l.create_time
       from ${PAY_LOG_TABLE} l left join blade_user u on u.id = l.create_user and u.tenant_id = l.tenant_id
      where l.tenant_id = $1 and l.order_id = $2 order by l.create_time desc, l.id desc limit ${MAX_EVENTS}`,
    [tenantId, orderId],
  );
  const events: (PaymentEvent & { at: number })[] = [
    ...refunds.map((r) => ({
      id: r.id,
      kind: 'refund' as const,
      amount: Number(r.amount),
      status: statusOfRefund(r.status),
      refundStatus: r.status,
      refundNo: r.out_refund_no,
      reason: r.reason,
      operatorName: r.operator,
      time: formatDateTime(r.create_time),
      settleTime: formatDateTime(r.settle_time),
      answer: refundSummary(r.answer, r.status),
      at: new Date(r.create_time).getTime(),
    })),
    ...calls.map((l) => ({
      id: l.id,
      kind: l.kind,
      amount: l.amount === null ? null : Number(l.amount),
      status: l.status,
      operatorName: l.operator,
      time: formatDateTime(l.create_time),
      answer: l.summary,
      at: new Date(l.create_time).getTime(),
    })),
  ];
  return events
    .sort((a, b) => b.at - a.at || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0))
    .slice(0, MAX_EVENTS)
    .map(({ at: _at, ...event }) => event);
}
