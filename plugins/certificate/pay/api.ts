import { http, query, REFERENCE_CACHE_MS, type Query } from '../../../core/sdk/browser';
import type { ProviderId, RefundStatus } from './states';

/**
 * The payment calls of the orders screen. Each is silent (the dialog or the row says a refusal itself)
 * and resolves with the server's answer; the caller reloads the orders after it.
 */
export const PAY_RESOURCE = '/api/xh/pay';
export const PROVIDER_URL = `${PAY_RESOURCE}/provider`;
export const REFUND_URL = `${PAY_RESOURCE}/refundV3`;
export const QUERY_URL = `${PAY_RESOURCE}/queryOrderV3`;
export const CLOSE_URL = `${PAY_RESOURCE}/closeOrderV3`;
export const SHIP_URL = `${PAY_RESOURCE}/uploadShippingInfo`;
export const SIMULATE_URL = `${PAY_RESOURCE}/sandbox/pay`;

/** The tenant's provider, read once for every row (kept until the settings change). */
export const providerQuery: Query<ProviderId | null> = query(PAY_RESOURCE, PROVIDER_URL, {
  cacheFor: REFERENCE_CACHE_MS,
  silent: true,
  select: (data) => ((data as { provider?: ProviderId } | null)?.provider ?? null),
});

export interface QueryAnswer {
  id: string;
  payState: number;
  tradeState: string;
  refunds: { outRefundNo: string; status: RefundStatus }[];
}

export async function refund(id: string, amount: number, reason: string): Promise<void> {
  await http.get(REFUND_URL, { params: { id, amount, reason }, silent: true });
}

export async function queryPayment(id: string): Promise<QueryAnswer> {
  return (await http.get<QueryAnswer>(QUERY_URL, { params: { id } })).data;
}

export async function closeOrder(id: string): Promise<void> {
  await http.get(CLOSE_URL, { params: { id } });
}

export async function ship(id: string, logisticsCompany: string, logisticsNo: string): Promise<void> {
  await http.get(SHIP_URL, { params: { id, logisticsCompany, logisticsNo }, silent: true });
}

export async function simulatePayment(id: string): Promise<QueryAnswer> {
  return (await http.post<QueryAnswer>(SIMULATE_URL, undefined, { params: { id } })).data;
}

/** What a refused call said (the server's message), for a dialog to show. */
export const refusalOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
