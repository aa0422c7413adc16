import { MONEY_HELD, type PayState } from '../order/states';

/** Whole fen, from the JSON number or the database's text; anything else counts as none. */
const fen = (value: unknown): bigint => {
  const text = String(value ?? '0').trim();
  return /^\d{1,19}$/.test(text) ? BigInt(text) : 0n;
};

/**
 * May an order have its certificate made? When its money is with the tenant (paid, a refund under way, a
 * refund failed) and not all of it is asked back: a closed or unpaid order never paid, and a refund of
 * the whole amount, asked or done, takes the certificate back. The server holds to it; the screen offers
 * the button only then.
 */
export function certificateIssuable(order: { payState?: unknown; amount?: unknown; refundAmount?: unknown }): boolean {
  return MONEY_HELD.includes(Number(order.payState) as PayState) && fen(order.refundAmount) < fen(order.amount);
}
