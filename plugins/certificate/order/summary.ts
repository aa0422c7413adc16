import { formatDateTime, type Tx } from '../../../core/sdk/server';
import { REFUND_TABLE } from '../pay/records';
import { certificateOrderEntity } from './entity';
import { PAY } from './states';
import type { CertificateOrderSummary } from './summary-shape';

const dayStart = (at: Date, offset = 0) => new Date(at.getFullYear(), at.getMonth(), at.getDate() + offset);

/**
 * The tenant's day at a glance. Orders count by their create time (an instant), takings by their pay
 * time (a wall-clock time of the server's zone, as every datetime field), both over the server's
 * calendar days; an order refunded later still took its money that day. The refunds in progress are the
 * orders in that state and what their refunds still being processed return (an order's earlier, settled
 * refund is not in it).
 */
export async function orderSummary(tx: Tx, tenantId: string, now: Date): Promise<CertificateOrderSummary> {
  const [yesterday, today, tomorrow] = [dayStart(now, -1), dayStart(now), dayStart(now, 1)];
  const row = await tx.one<Record<string, string>>(
    `select count(*) filter (where create_time >= $2 and create_time < $3)::text as today_orders,
            count(*) filter (where create_time >= $4 and create_time < $2)::text as yesterday_orders,
            coalesce(sum(amount) filter (where pay_time >= $5::timestamp and pay_time < $6::timestamp), 0)::text as today_takings,
            coalesce(sum(amount) filter (where pay_time >= $7::timestamp and pay_time < $5::timestamp), 0)::text as yesterday_takings,
            count(*) filter (where pay_state = $8)::text as refunding_count
       from ${certificateOrderEntity.table}
      where tenant_id = $1 and is_deleted = 0
        and (create_time >= $4 or pay_time >= $7::timestamp or pay_state = $8)`,
    [tenantId, today, tomorrow, yesterday, formatDateTime(today), formatDateTime(tomorrow), formatDateTime(yesterday), PAY.refunding],
  );
  const processing = await tx.one<{ amount: string }>(
    `select coalesce(sum(r.amount), 0)::text as amount
       from ${REFUND_TABLE} r join ${certificateOrderEntity.table} o on o.id = r.order_id and o.tenant_id = r.tenant_id and o.is_deleted = 0
      where r.tenant_id = $1 and r.status = 'PROCESSING' and o.pay_state = $2`,
    [tenantId, PAY.refunding],
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    today: { orders: n('today_orders'), takings: n('today_takings') },
    yesterday: { orders: n('yesterday_orders'), takings: n('yesterday_takings') },
    refunding: { count: n('refunding_count'), amount: Number(processing?.amount ?? 0) },
  };
}
