/**
 * Jackson conventions of BladeX for the values we write: dates as
 * `yyyy-MM-dd HH:mm:ss` in the server's time zone, null strings as "", ids always as strings.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** null-to-empty for strings. */
export const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** null-to-empty for numbers is -1 in BladeX. */
export const num = (value: unknown): number => (value === null || value === undefined || value === '' ? -1 : Number(value));

/** Ids are bigint in the database and strings in JSON; a missing id is "". */
export const id = (value: unknown): string => str(value);

/** A comma list column (`role_id`) as an array of its non-empty items. */
export const commaList = (value: unknown): string[] =>
  str(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
