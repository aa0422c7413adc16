import { sanitizeRichText } from '../../../core/sdk/server';
import { MAX_FEN } from '../../../core/sdk/shared';
import type { GenField, GenSpec } from '../spec';
import { looksSecret } from './names';

/**
 * Rows of the source table turned into the entity's JSON, as a seed inserts them: money in whole fen,
 * switches 1 / 0, dates `yyyy-MM-dd 00:00:00`, times `yyyy-MM-dd HH:mm:ss`, ids as strings, strings cut
 * to their length. A value the field's rules would refuse becomes null, or leaves its row out when the
 * field is required; a column that looks secret is never copied.
 */

type Value = string | number | null;
const REFUSED = Symbol('refused');
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;
const BIGINT_ID = /^(0|[1-9]\d{0,18})$/;
const DEFAULT_MAX: Partial<Record<GenField['type'], number>> = { string: 255, text: 2000, image: 500, richtext: 20000, select: 255 };

const pad = (n: number) => String(n).padStart(2, '0');

/** A date and time as the database gave it (a Date in local time, or text), as `yyyy-MM-dd HH:mm:ss`. */
function wallClock(value: unknown): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(String(value).trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const check = new Date(Number(y), Number(mo) - 1, Number(d));
  if (check.getMonth() !== Number(mo) - 1 || check.getDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** A whole number as JSON, or refused (not whole, out of range). */
function wholeNumber(value: unknown, min: number, max: number): number | typeof REFUSED {
  const n = typeof value === 'bigint' ? Number(value) : typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max ? n : REFUSED;
}

function convert(field: GenField, value: unknown, dictionaryKeys: ReadonlySet<string>): Value | typeof REFUSED {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'string':
    case 'text':
      return String(value).slice(0, field.maxLength ?? DEFAULT_MAX[field.type]!);
    case 'richtext': {
      // Cleaned as the engine cleans every save: the seed writes it without one.
      const html = sanitizeRichText(String(value));
      return html.length <= (field.maxLength ?? DEFAULT_MAX.richtext!) ? html : REFUSED;
    }
    case 'image': {
      const link = String(value).trim();
      return /^https?:\/\/[^\s,]+$/i.test(link) && link.length <= (DEFAULT_MAX.image ?? 500) ? link : REFUSED;
    }
    case 'integer':
      return wholeNumber(value, field.min ?? INT_MIN, field.max ?? INT_MAX);
    case 'money':
      return wholeNumber(value, field.min ?? 0, field.max ?? MAX_FEN);
    case 'number': {
      const text = String(value).trim();
      if (!DECIMAL.test(text)) return REFUSED;
      const n = Number(text);
      return (field.min !== null && n < field.min) || (field.max !== null && n > field.max) ? REFUSED : text;
    }
    case 'switch':
      if (value === true || value === 1 || value === '1' || value === 't' || value === 'true') return 1;
      if (value === false || value === 0 || value === '0' || value === 'f' || value === 'false') return 0;
      return REFUSED;
    case 'select': {
      const key = String(value).trim();
      if (!dictionaryKeys.has(key)) return REFUSED;
      return /^-?\d{1,9}$/.test(key) && field.columnType.startsWith('int') ? Number(key) : key;
    }
    case 'date': {
      const at = wallClock(value);
      return at ? `${at.slice(0, 10)} 00:00:00` : REFUSED;
    }
    case 'datetime':
      return wallClock(value) ?? REFUSED;
    case 'id': {
      const id = String(value).trim();
      return BIGINT_ID.test(id) ? id : REFUSED;
    }
  }
}

/**
 * The demo rows of the included fields (keyed by field name) from rows keyed by column. `options.key`: the
 * primary key's column, kept as `id` (a tree's seed maps parents by it); `options.dictionaries`: the keys
 * of each dictionary a select names (a value outside them is refused).
 */
export function demoRowsFrom(
  fields: GenField[],
  rows: Record<string, unknown>[],
  options: { key?: string; dictionaries?: Readonly<Record<string, readonly { key: string }[]>> } = {},
): GenSpec['demoRows'] {
  const included = fields.filter((f) => f.include && !looksSecret(f.column));
  const keysOf = new Map(included.map((f) => [f.name, new Set((options.dictionaries?.[f.dict] ?? []).map((item) => item.key))]));
  const out: GenSpec['demoRows'] = [];
  for (const row of rows) {
    const json: Record<string, Value> = {};
    let refused = false;
    if (options.key) {
      const id = String(row[options.key] ?? '').trim();
      if (!BIGINT_ID.test(id)) continue;
      json.id = id;
    }
    for (const field of included) {
      const value = convert(field, row[field.column], keysOf.get(field.name)!);
      const empty = value === null || value === '';
      if (value === REFUSED || (empty && field.required)) {
        if (field.required) refused = true;
        json[field.name] = null;
      } else json[field.name] = value;
    }
    if (!refused) out.push(json);
  }
  return out;
}
