import { http, type Page } from '../http';
import type { EntityDef } from '../schema/entity';
import { invalidateResource, query, resourceKey, type Query } from './data';
import type { Row } from './query';

/** `<base>/<action>`. */
export function entityUrl(entity: EntityDef, action: string): string {
  return `${entity.api.base}/${action}`;
}

/** A list answer as a page: a paged endpoint's page, or a plain list (a tree) as one page of everything. */
export function asPage<T>(data: Page<T> | T[] | null | undefined): Page<T> {
  if (Array.isArray(data)) return { records: data, total: data.length, size: data.length, current: 1, pages: 1 };
  const records = Array.isArray(data?.records) ? data.records : [];
  return {
    records,
    total: Number(data?.total ?? records.length) || 0,
    size: Number(data?.size ?? records.length) || 0,
    current: Number(data?.current ?? 1) || 1,
    pages: Number(data?.pages ?? 1) || 1,
    // The engine's lists stop counting far past the page: then the total is a lower bound.
    ...(data?.totalExact === false ? { totalExact: false } : {}),
  };
}

/** The read of a list: `GET <base>/<list|page|action>?current=&size=&…filters`, as a page. */
export function entityListQuery(entity: EntityDef, params: Record<string, unknown>, action: string = entity.api.list): Query<Page<Row>> {
  return query(resourceKey(entity), entityUrl(entity, action), { params, select: (data) => asPage(data as Page<Row> | Row[] | null) });
}

/** `GET <base>/<list|page|action>?current=&size=&…filters`. */
export async function fetchList(entity: EntityDef, params: Record<string, unknown>, action: string = entity.api.list): Promise<Page<Row>> {
  const res = await http.get<Page<Row> | Row[] | null>(entityUrl(entity, action), { params });
  return asPage(res.data);
}

/** The read of a row: `GET <base>/detail?id=`. */
export function entityDetailQuery(entity: EntityDef, id: string): Query<Row> {
  return query(resourceKey(entity), entityUrl(entity, 'detail'), { params: { id }, select: (data) => (data ?? {}) as Row });
}

/** `GET <base>/detail?id=`. */
export async function fetchDetail(entity: EntityDef, id: string): Promise<Row> {
  const res = await http.get<Row | null>(entityUrl(entity, 'detail'), { params: { id } });
  return res.data ?? {};
}

/** `POST <base>/submit` (or `save` / `update`) with the row as the JSON body; then every view of the entity's resource loads again. */
export async function saveRow(entity: EntityDef, row: Row, isNew: boolean): Promise<unknown> {
  const action = entity.api.save === 'submit' ? 'submit' : isNew ? 'save' : 'update';
  const res = await http.post<unknown>(entityUrl(entity, action), row, { long: entity.api.longSave });
  await invalidateResource(entity);
  return res.data;
}

/** `POST <base>/remove` with the ids comma-joined, in the query (`?ids=`) or the body (`{ ids }`); then every view of the resource loads again. */
export async function removeRows(entity: EntityDef, ids: readonly string[]): Promise<void> {
  const joined = ids.join(',');
  if (entity.api.removeIds === 'body') await http.post(entityUrl(entity, 'remove'), { ids: joined });
  else await http.post(entityUrl(entity, 'remove'), undefined, { params: { ids: joined } });
  await invalidateResource(entity);
}
