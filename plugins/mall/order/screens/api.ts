import { entityUrl, http, invalidateResource, query, REFERENCE_CACHE_MS, resourceKey, type Row } from '../../../../core/sdk/browser';
import { productEntity } from '../../product';
import { orderEntity, type OrderItem } from '../entity';
import type { OrderState } from '../states';

/** The order screen's calls besides the kit's: the products to choose from, a detail with its lines, a state move. */

/** A product as the order form offers it (`GET /api/mall/product/list`). */
export interface ProductChoice {
  id: string;
  name: string;
  /** Fen. */
  price: number;
  stock: number;
  unit: string;
  cover: string;
}

/** The products on sale, kept a while: the form opens and closes often. */
export const productChoicesQuery = query<ProductChoice[]>(productEntity.api.base, `${productEntity.api.base}/list`, {
  cacheFor: REFERENCE_CACHE_MS,
  select: (data) => (Array.isArray(data) ? (data as ProductChoice[]) : []),
});

/** An order as `detail` answers it: the row and its lines. */
export type OrderDetail = Row & { items: OrderItem[] };

/** The read of one order, again whenever the orders change (a move, an edit); null when it is gone. */
export const orderDetailQuery = (id: string) =>
  query<OrderDetail | null>(resourceKey(orderEntity), entityUrl(orderEntity, 'detail'), {
    params: { id },
    select: (data) => (data && typeof data === 'object' ? { ...(data as Row), items: Array.isArray((data as Row).items) ? ((data as Row).items as OrderItem[]) : [] } : null),
  });

export interface Logistics {
  logisticsCompany?: string;
  logisticsNo?: string;
}

/**
 * Moves an order to `to` (with the tracking number when shipping). Whether it went or was refused (the
 * HTTP pipeline's toast says why), the order and the products' stock are read again: the refusal may
 * come from a move made meanwhile elsewhere.
 */
export async function moveOrder(id: string, to: OrderState, logistics: Logistics = {}): Promise<void> {
  const params: Record<string, string> = { id, status: String(to) };
  if (logistics.logisticsCompany?.trim()) params.logisticsCompany = logistics.logisticsCompany.trim();
  if (logistics.logisticsNo?.trim()) params.logisticsNo = logistics.logisticsNo.trim();
  try {
    await http.post(`${orderEntity.api.base}/update/status`, undefined, { params });
  } finally {
    await Promise.all([invalidateResource(orderEntity), invalidateResource(productEntity)]);
  }
}
