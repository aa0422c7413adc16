import type { RefundStatus } from './states';

/** What a call to the provider was: a payment (simulated), a query, a close, a refund's query, a shipping upload. */
export type LogKind = 'pay' | 'query' | 'close' | 'refundQuery' | 'ship';
export type LogStatus = 'success' | 'processing' | 'failed';

/**
 * One event of an order's payment history, as the order's detail shows it (newest first): a refund (its
 * current state) or another call to the provider.
 */
export interface PaymentEvent {
  id: string;
  kind: LogKind | 'refund';
  /** Fen, when the event is about an amount (a refund, a payment); else null. */
  amount: number | null;
  status: LogStatus;
  /** A refund's own state as the provider reports it. */
  refundStatus?: RefundStatus;
  refundNo?: string;
  reason?: string;
  operatorName: string;
  time: string;
  /** A refund's settle time, once settled. */
  settleTime?: string;
  /** The provider's answer in brief: its states, numbers or refusal code. */
  answer: string;
}
