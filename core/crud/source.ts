import type { FieldDef, FieldSource } from '../schema/entity';
import { query, REFERENCE_CACHE_MS, type Query } from './data';
import type { ChoiceOption } from './dictionary';
import type { Row } from './query';

/**
 * Choices read from an endpoint (a field's `source`): `GET <url>` answering rows, or a page whose
 * `records` are the rows. The read belongs to the resource whose API base the URL is under (the URL
 * without its last segment: `/api/company/information/list` → `/api/company/information`), so a write to
 * that resource reloads the choices wherever they are shown. Rows are kept, not choices: two fields may
 * read the same rows and show different fields of them.
 */

/** The resource a source URL reads: its path without the last segment. */
export function sourceResource(url: string): string {
  const path = url.split('?')[0]!;
  const at = path.lastIndexOf('/');
  return at > 0 ? path.slice(0, at) : path;
}

/** The rows of an answer: an array, or a page's `records`; anything else none. */
export function sourceRows(data: unknown): Row[] {
  const rows = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records) ? (data as { records: unknown[] }).records : [];
  return rows.filter((row): row is Row => typeof row === 'object' && row !== null);
}

/** The read of a source's rows: kept a while (reference data), asked once for every field and screen. */
export function sourceQuery(source: FieldSource): Query<Row[]> {
  const [path, search] = source.url.split('?');
  const params = search ? Object.fromEntries(new URLSearchParams(search)) : undefined;
  // No toast: the select that shows the choices says they failed, with a retry.
  return query(sourceResource(source.url), path!, { params, cacheFor: REFERENCE_CACHE_MS, silent: true, select: sourceRows });
}

/** The choices a field makes of its source's rows (rows without a value are left out). */
export function sourceOptions(source: FieldSource, rows: readonly Row[]): ChoiceOption[] {
  const valueField = source.value ?? 'id';
  return rows.flatMap((row) => {
    const value = row[valueField];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = row[source.label];
    return [{ value, label: label === undefined || label === null || label === '' ? String(value) : String(label) }];
  });
}

/** The sources of some fields. */
export const fieldSources = (fields: readonly FieldDef[]): FieldSource[] => fields.flatMap((f) => (f.source ? [f.source] : []));
