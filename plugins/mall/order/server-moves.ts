import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  bizError,
  docText,
  fieldSchema,
  formatDateTime,
  mountStateMove,
  type MoveContext,
  type ServerContext,
  str,
} from '../../../core/sdk/server';
import { orderEntity } from './entity';
import { ORDER_MSG } from './server-messages';
import { returnStock, takeStock } from './server-stock';
import { ORDER_STATE, ORDER_STATUS_CODE, orderMachine } from './states';

/**
 * `POST /api/mall/order/update/status?id=&status=`: the order moved along its state table by the kernel's
 * state move (the order locked, the move checked, a conditional update), with what each move does in the
 * same transaction: paying takes the stock (refused, with nothing written, when a product is short),
 * refunding gives it back, shipping needs a tracking number (sent with the move, or already on the
 * order) and keeps it, and every move stamps its time.
 */

/** Blank text is no value; the field's own rules (length, characters) judge the rest. */
const optionalField = (name: 'logisticsCompany' | 'logisticsNo') =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), fieldSchema(name, orderEntity.fields[name]).optional())
    .describe(docText({ zh: `${orderEntity.fields[name].label.zh}（发货时；可选）`, en: `${orderEntity.fields[name].label.en} (when shipping; optional)` }));

/** What the shipping move may carry besides the id and the state. */
const logisticsInput = z.object({ logisticsCompany: optionalField('logisticsCompany'), logisticsNo: optionalField('logisticsNo') });

type OrderRow = Record<string, unknown> & { id: unknown; logistics_company: unknown; logistics_no: unknown };

/** What a move does besides changing the state: the columns it sets too. */
async function effects({ row, to, tx, user, input, ctx }: MoveContext<OrderRow, z.output<typeof logisticsInput>>): Promise<Record<string, unknown>> {
  const orderId = str(row.id);
  const now = formatDateTime(ctx.now());
  switch (to) {
    case ORDER_STATE.paid:
      await takeStock(tx, user.tenantId, orderId);
      return { pay_time: now };
    case ORDER_STATE.shipped: {
      const number = input.logisticsNo ?? str(row.logistics_no);
      if (!number) throw bizError(ORDER_MSG.needLogistics);
      return { ship_time: now, logistics_no: number, logistics_company: input.logisticsCompany ?? (str(row.logistics_company) || null) };
    }
    case ORDER_STATE.completed:
      return { complete_time: now };
    case ORDER_STATE.cancelled:
      // Stock is only taken on payment: a pending order holds none to give back.
      return { cancel_time: now };
    case ORDER_STATE.refunded:
      await returnStock(tx, user.tenantId, orderId);
      return { refund_time: now };
    default:
      return {};
  }
}

export function orderMoveRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  mountStateMove(api, ctx, {
    path: '/mall/order/update/status',
    code: ORDER_STATUS_CODE,
    summary: { zh: '订单状态流转', en: 'Move an order to another state' },
    description: {
      zh: '待支付→已支付（扣减库存，库存不足则拒绝）或已取消；已支付→已发货（须有物流单号，可随本请求传入）或已退款（退回库存）；已发货→已完成或已退款。其他流转被拒绝并指明两个状态。也接受 JSON 体。',
      en: 'Pending payment → paid (takes the stock; refused when short) or cancelled; paid → shipped (needs a tracking number, which this call may carry) or refunded (returns the stock); shipped → completed or refunded. Any other move is refused, naming both states. A JSON body is accepted too.',
    },
    table: orderEntity.table,
    machine: orderMachine,
    input: logisticsInput,
    before: effects,
    events: { [ORDER_STATE.refunded]: 'refund.made' },
  });
}
