import { formatDateTime, type MoveContext, type StateMoveOptions, str } from '../../../core/sdk/server';
import { geniusEntity } from '../profile/entity';
import { geniusOrderEntity, geniusOrderMachine, ORDER_STATE } from './entity';

type OrderRow = Record<string, unknown> & { genius_id: unknown };

/**
 * A paid order counts for its genius: paying raises the genius's order count, refunding lowers it, in
 * the move's own transaction with the order locked (so twenty payments at once raise it once). Only a
 * paid or confirmed order is refunded, so the count it lowers is one its payment raised.
 */
async function countOrder({ row, tx, user }: MoveContext<OrderRow>, step: 1 | -1): Promise<void> {
  await tx.query(`update ${geniusEntity.table} set order_count = greatest(coalesce(order_count, 0) + $3, 0) where tenant_id = $1 and id = $2`, [user.tenantId, str(row.genius_id), step]);
}

export const orderMove: StateMoveOptions<OrderRow> = {
  table: geniusOrderEntity.table,
  machine: geniusOrderMachine,
  async before(move) {
    const now = formatDateTime(move.ctx.now());
    switch (move.to) {
      case ORDER_STATE.paid:
        await countOrder(move, 1);
        return { pay_time: now };
      case ORDER_STATE.confirmed:
        return { confirm_time: now };
      case ORDER_STATE.completed:
        return { complete_time: now };
      case ORDER_STATE.refunded:
        await countOrder(move, -1);
        return;
    }
  },
};
