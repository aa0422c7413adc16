/** What `GET /api/genius/order/summary` answers: the server's today, and its day's figures against yesterday's (takings in fen). */
export interface OrderSummary {
  date: string;
  today: { orders: number; takings: number };
  yesterday: { orders: number; takings: number };
}

export type Change = { kind: 'up' | 'down'; ratio: number } | { kind: 'same' } | { kind: 'fromZero' };

/** Today against yesterday: up or down by a share of yesterday's, the same, or up from nothing. */
export function changeOf(today: number, yesterday: number): Change {
  if (today === yesterday) return { kind: 'same' };
  if (yesterday === 0) return { kind: 'fromZero' };
  return { kind: today > yesterday ? 'up' : 'down', ratio: Math.abs(today - yesterday) / yesterday };
}

/**
 * The order list showing the orders made on `date` (the server's today): the list reads its filters from
 * the address (`list.f.<filter key>`), here its create-time range, from the last second of the day before.
 */
export function todaysOrdersLink(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const before = new Date(Date.UTC(y!, m! - 1, d! - 1));
  const dayBefore = before.toISOString().slice(0, 10);
  return `/genius/order?${new URLSearchParams({ 'list.f.createTime_dategt': `${dayBefore} 23:59:59` })}`;
}
