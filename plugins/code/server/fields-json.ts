import { z } from 'zod';
import { bizError } from '../../../core/sdk/server';
import { GEN_FIELD_TYPES, GEN_SEARCH, IDENTIFIER_PATTERN, type GenField } from '../spec';
import { TEXT } from './texts';

/**
 * A code record's `fields` as the author saved them: the JSON of a GenField list. Its shape is checked on
 * every save and before every generation, so a column name reaches the generator (and a sample's quoted
 * SQL) only as a plain identifier; whether each column still exists is the generator's check, against the
 * table as it is now.
 */

const label = z.object({ zh: z.string().max(200), en: z.string().max(200) });
const bound = z.number().finite().nullable();

/** One field as saved: the shape checked on save, and the one `propose` answers (described once). */
export const genField = z.object({
  column: z.string().regex(new RegExp(IDENTIFIER_PATTERN)),
  columnType: z.string().max(64),
  include: z.boolean(),
  name: z.string().max(63),
  type: z.enum(GEN_FIELD_TYPES),
  label,
  required: z.boolean(),
  maxLength: z.number().int().min(1).max(200_000).nullable(),
  min: bound,
  max: bound,
  dict: z.string().max(64),
  search: z.enum(GEN_SEARCH),
  list: z.boolean(),
  form: z.boolean(),
  sortable: z.boolean(),
  unique: z.boolean(),
}) satisfies z.ZodType<GenField>;

/** A table has at most 1,600 columns in PostgreSQL. */
const MAX_FIELDS = 1600;

/**
 * The fields of a record: [] for '' (none settled yet: the generator proposes them), else the list, or a
 * 400 saying which item is wrong.
 */
export function parseFieldsJson(text: unknown): GenField[] {
  if (text === null || text === undefined || text === '') return [];
  if (typeof text !== 'string') throw bizError(TEXT.badFields);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bizError(TEXT.badFields);
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_FIELDS) throw bizError(TEXT.badFields);
  const fields: GenField[] = [];
  const columns = new Set<string>();
  for (const [index, item] of parsed.entries()) {
    const result = genField.safeParse(item);
    if (!result.success) {
      const key = result.error.issues[0]?.path[0];
      throw bizError(TEXT.badFieldAt(index, typeof key === 'string' ? key : 'field'));
    }
    if (columns.has(result.data.column)) throw bizError(TEXT.fieldColumnTwice(result.data.column));
    columns.add(result.data.column);
    fields.push(result.data);
  }
  return fields;
}
