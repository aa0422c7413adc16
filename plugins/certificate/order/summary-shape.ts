/**
 * `GET /api/xh/certificate/order/summary`, the home cards' one call: new orders and takings (fen, by pay
 * time) today and yesterday in the server's days, and the refunds in progress.
 */
export interface CertificateOrderSummary {
  today: { orders: number; takings: number };
  yesterday: { orders: number; takings: number };
  refunding: { count: number; amount: number };
}

/** The orders' API base: the resource whose writes make the summary stale. */
export const ORDER_RESOURCE = '/api/xh/certificate/order';
export const SUMMARY_URL = `${ORDER_RESOURCE}/summary`;
