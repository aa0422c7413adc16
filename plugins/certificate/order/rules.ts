import { type AuthUser, bizError, type CrudHooks, hasPermission, type Json, type LocalText, MSG, orderNumber, type ServerContext, stateLabel, str, type Tx } from '../../../core/sdk/server';
import { ORDER_CODE } from './codes';
import { certificateOrderEntity, ORDER_NO_PREFIX } from './entity';
import { isIdNumber, maskIdNumber, MSG_ID_NUMBER } from './id-number';
import { MONEY_HELD, PAY, PAY_STATE, type PayState, SHIP } from './states';

/**
 * The certificate order's rules on the engine's save, removal and reads:
 * - the order number is the server's, made on add;
 * - the ID number is checked to its check character, and answered masked to whoever lacks the sensitive
 *   code (an edit that sends the masked value back keeps the stored one);
 * - once an order is no longer unpaid, what it was paid for (applicant, ID number, mobile, type, amount)
 *   stays as it was: only the remark may change;
 * - an order holding the customer's money (paid, refunding, refund failed) is not removed.
 * The checks of an order's state read it under a row lock, the lock the payment actions take too, so a
 * payment landing meanwhile is either seen or waits.
 */

const TABLE = certificateOrderEntity.table;

export const MSG_AMOUNT_POSITIVE: LocalText = { zh: '订单金额必须大于0', en: 'The amount must be more than 0' };
export const MSG_REMOVE_PAID: LocalText = { zh: '已支付的订单不能删除', en: 'A paid order cannot be removed' };

/** What an order was paid for: fixed once it is no longer unpaid. */
const FIXED_ONCE_PAID = ['name', 'idNumber', 'mobile', 'certificateType', 'amount'] as const;

/** 订单已支付，不能再修改订单金额: the field named, and the state it is in. */
export function fixedFieldRefusal(field: (typeof FIXED_ONCE_PAID)[number], state: number): LocalText {
  const label = certificateOrderEntity.fields[field].label;
  const now = stateLabel(PAY_STATE, state);
  return {
    zh: `订单${now.zh}，不能再修改${label.zh}`,
    en: `The ${label.en.toLowerCase()} can change only while the order is not paid (it is “${now.en}”)`,
  };
}

interface LockedOrder {
  pay_state: number;
  name: string | null;
  id_number: string | null;
  mobile: string | null;
  certificate_type: number | null;
  amount: string | number | null;
}

const COLUMN: Record<(typeof FIXED_ONCE_PAID)[number], keyof LockedOrder> = {
  name: 'name',
  idNumber: 'id_number',
  mobile: 'mobile',
  certificateType: 'certificate_type',
  amount: 'amount',
};

/** The order of the tenant, live, locked until the transaction ends. */
async function lockOrder(tx: Tx, tenantId: string, id: string): Promise<LockedOrder | undefined> {
  return tx.one<LockedOrder>(
    `select pay_state, name, id_number, mobile, certificate_type, amount from ${TABLE} where id = $1 and tenant_id = $2 and is_deleted = 0 for update`,
    [id, tenantId],
  );
}

const same = (a: unknown, b: unknown) => (a === null || a === undefined ? '' : String(a)) === (b === null || b === undefined ? '' : String(b));

/** Whether the caller sees ID numbers whole. */
export const seesIdNumbers = (tx: Tx, user: AuthUser) => hasPermission(tx, user, ORDER_CODE.viewSensitive);

/** Rows as answered (page, detail, order info, export): ID numbers masked unless the caller may see them. */
export async function maskForCaller(tx: Tx, user: AuthUser, rows: Json[]): Promise<void> {
  if (await seesIdNumbers(tx, user)) return;
  for (const row of rows) row.idNumber = maskIdNumber(str(row.idNumber));
}

export function orderHooks(ctx: ServerContext): CrudHooks {
  return {
    beforeValidate({ body, mode, existing }) {
      if (typeof body.idNumber !== 'string') return;
      const sent = body.idNumber.trim().toUpperCase();
      body.idNumber = sent;
      // The masked value read back by a form that was never shown the whole: the stored number stays.
      if (mode === 'edit' && existing && sent.includes('*') && sent === maskIdNumber(str(existing.id_number))) delete body.idNumber;
    },

    async beforeChange({ tx, user, mode, values, id }) {
      if (typeof values.idNumber === 'string' && !isIdNumber(values.idNumber)) throw bizError(MSG_ID_NUMBER);
      if (values.amount !== undefined && values.amount !== null && Number(values.amount) <= 0) throw bizError(MSG_AMOUNT_POSITIVE);
      if (mode === 'add') {
        // The states and sums no save writes start where every order starts.
        Object.assign(values, { orderNo: await orderNumber(ctx, ORDER_NO_PREFIX), payState: PAY.unpaid, shipState: SHIP.notShipped, refundAmount: 0 });
        return;
      }
      const stored = await lockOrder(tx, user.tenantId, id!);
      if (!stored) throw bizError(MSG.notFound);
      const state = Number(stored.pay_state);
      if (state === PAY.unpaid) return;
      for (const field of FIXED_ONCE_PAID) {
        if (!Object.hasOwn(values, field)) continue;
        if (!same(values[field], stored[COLUMN[field]])) throw bizError(fixedFieldRefusal(field, state));
        delete values[field]; // sent back as it was: nothing to write
      }
    },

    async beforeDelete({ tx, user, ids }) {
      const held = await tx.query<{ pay_state: number }>(
        `select pay_state from ${TABLE} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id for update`,
        [user.tenantId, [...ids]],
      );
      if (held.some((row) => MONEY_HELD.includes(Number(row.pay_state) as PayState))) throw bizError(MSG_REMOVE_PAID);
    },

    async afterRead({ tx, user, rows }) {
      await maskForCaller(tx, user, rows);
    },
  };
}
