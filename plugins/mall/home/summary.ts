import { query, type Query } from '../../../core/sdk/home';

/** The orders' API base: the summary is a read of that resource (a write to an order refreshes it). */
export const ORDER_RESOURCE = '/api/mall/order';
export const ORDER_SUMMARY_URL = `${ORDER_RESOURCE}/summary`;
/** Where the order list is, and the prefix its list state takes in the address. */
export const ORDER_LIST_PATH = '/mall/order';
const LIST_PREFIX = 'list';
/** A paid order, waiting to be shipped. */
export const PAID = 1;

/** One day's orders: how many were placed, and what was paid that day (fen). */
export interface DayFigures {
  orders: number;
  takings: number;
}

export interface OrderSummary {
  today: DayFigures;
  yesterday: DayFigures;
}

type Loose = Record<string, unknown>;
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);
const day = (value: unknown): DayFigures => {
  const body = (value ?? {}) as Loose;
  return { orders: count(body.orders), takings: count(body.takings) };
};

/** The answer as the card uses it: numbers as numbers, a missing day as zeros. */
export function readSummary(data: unknown): OrderSummary {
  const body = (data ?? {}) as Loose;
  return { today: day(body.today), yesterday: day(body.yesterday) };
}

export const orderSummaryQuery: Query<OrderSummary> = query(ORDER_RESOURCE, ORDER_SUMMARY_URL, { select: readSummary, cacheFor: 30_000 });

const pad = (n: number) => String(n).padStart(2, '0');

/** The order list filtered through its address (`?list.f.<filter key>=value`). */
export function orderListLink(filters: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(filters).map(([key, value]) => [`${LIST_PREFIX}.f.${key}`, value]));
  return `${ORDER_LIST_PATH}?${search}`;
}

/**
 * The order list of the orders placed on `now`'s day. The list's create-time filter is "after" (times
 * kept to the second): after the last second of the day before, so an order placed at midnight counts.
 */
export function todayOrdersLink(now: Date): string {
  const eve = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return orderListLink({ createTime_dategt: `${eve.getFullYear()}-${pad(eve.getMonth() + 1)}-${pad(eve.getDate())} 23:59:59` });
}

/** The order list of the paid orders waiting to be shipped. */
export const paidOrdersLink = () => orderListLink({ status_equal: String(PAID) });
