import { bizError, type CrudHooks, type LocalText, type Tx, validIds } from '../../../core/sdk/server';
import { UNFINISHED_STATES } from '../order/entity';
import { geniusEntity, LISTED } from './entity';

/**
 * The genius rules of a save and a removal: tags are tidied before they are judged, the price is more
 * than nothing, a new genius has no orders, and a genius with an order not yet over stays.
 */

export const GENIUS_MSG = {
  priceZero: { zh: '服务价格须大于 0', en: 'The service price must be more than 0' },
  unfinishedOrders: (name: string): LocalText => ({ zh: `达人「${name}」有未完成的订单，不能删除`, en: `The genius “${name}” has orders not yet finished and cannot be removed` }),
  unknown: { zh: '达人不存在', en: 'The genius does not exist' },
  notListed: (name: string): LocalText => ({ zh: `达人「${name}」已下架，不能预约`, en: `The genius “${name}” is not listed and cannot be booked` }),
};

/** Tags as people type them (Chinese commas, 、, spaces around, the same tag twice): one comma list. */
export function tidyTags(value: string): string {
  const tags = value
    .split(/[,，、;；]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)].join(',');
}

export const geniusHooks: CrudHooks = {
  beforeValidate({ body }) {
    if (typeof body.tags === 'string') body.tags = tidyTags(body.tags);
    else if (Array.isArray(body.tags)) body.tags = tidyTags(body.tags.map(String).join(','));
    // Zero fen is a number the money rule takes; a genius's service is never free.
    const price = body.servicePrice;
    if ((typeof price === 'number' || (typeof price === 'string' && /^\s*-?\d+\s*$/.test(price))) && Number(price) <= 0) throw bizError(GENIUS_MSG.priceZero);
  },
  beforeChange({ mode, values }) {
    if (mode === 'add') values.orderCount = 0;
  },
  async beforeDelete({ tx, user, ids }) {
    // Locked first: an order being booked for one of them waits, and then finds it removed.
    await tx.query(`select id from ${geniusEntity.table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id for update`, [user.tenantId, validIds([...ids])]);
    const busy = await tx.one<{ name: string | null }>(
      `select g.name from ${geniusEntity.table} g
        where g.tenant_id = $1 and g.id = any($2::bigint[]) and g.is_deleted = 0
          and exists (select 1 from genius_order o where o.tenant_id = g.tenant_id and o.genius_id = g.id and o.is_deleted = 0 and o.status = any($3::int[]))
        order by g.name limit 1`,
      [user.tenantId, validIds([...ids]), [...UNFINISHED_STATES]],
    );
    if (busy) throw bizError(GENIUS_MSG.unfinishedOrders(busy.name ?? ''));
  },
};

export interface BookableGenius {
  id: string;
  name: string;
  servicePrice: number;
}

/**
 * The genius an order is booked with, locked against its removal until the order is written: of the
 * tenant, not removed, and listed (else a 400 naming it).
 */
export async function bookableGenius(tx: Tx, tenantId: string, id: string): Promise<BookableGenius> {
  const row = await tx.one<{ id: string; name: string | null; service_price: string | number | null; status: number | null }>(
    `select id::text as id, name, service_price, status from ${geniusEntity.table} where tenant_id = $1 and id = $2 and is_deleted = 0 for share`,
    [tenantId, id],
  );
  if (!row) throw bizError(GENIUS_MSG.unknown);
  if (Number(row.status) !== LISTED) throw bizError(GENIUS_MSG.notListed(row.name ?? ''));
  return { id: row.id, name: row.name ?? '', servicePrice: Number(row.service_price ?? 0) };
}

/** The names of geniuses by id (removed ones too: an old order still names its genius). */
export async function geniusNames(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = validIds([...new Set(ids.filter(Boolean))]);
  if (wanted.length === 0) return new Map();
  const rows = await tx.query<{ id: string; name: string | null }>(`select id::text as id, name from ${geniusEntity.table} where tenant_id = $1 and id = any($2::bigint[])`, [tenantId, wanted]);
  return new Map(rows.map((r) => [r.id, r.name ?? '']));
}
