/** What `GET /api/genius/order/summary` answers: the server's today, and its day's figures against yesterday's (takings in fen). */
export interface OrderSummary {
  date: string;
  today: { orders: number; takings: number };
  yesterday: { orders: number; takings: number };
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
