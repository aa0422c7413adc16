import { z } from 'zod';
import { defaultMaxLength, imagesMax, patternRules, type EntityDef, type FieldDef } from '../../schema/entity';
import { parseDateTime } from '../../schema/filters';
import { bizError } from '../http/errors';
import { MSG } from '../http/messages';
import { zodMessage, zodMessageText } from '../http/validate';
import type { LocalText } from '../i18n';
import { entityFields, type ResolvedField } from './columns';
import { isBigintId } from '../ids';
import { isImageLink } from '../../schema/image-link';
import { richTextIsEmpty, sanitizeRichText } from '../richtext';
import { MAX_FEN } from '../../schema/money';

/**
 * Body validation derived from an entity definition (zod, one schema per field). Answers with the first
 * offending field in definition order, in BladeX's words and the caller's language: the definition's own
 * message when a required value is missing, a pattern fails or a unique rule clashes, else the kernel's
 * `<field>: 长度不能超过N个字符`, `<field>: 不能小于N`, `请求参数格式错误: <field>`.
 * Unknown keys are ignored; a value is never trimmed or otherwise changed beyond its type (a string that
 * looks like SQL or HTML is stored as sent), except rich text, which is HTML meant to be rendered: it is
 * cleaned of anything that runs or restyles a page (`sanitizeRichText`), and a text that shows nothing
 * counts as blank. Image links are trimmed and must be links of our file route or http(s) URLs.
 */

export type BodyMode = 'add' | 'edit';

/** Field values ready for SQL, keyed by field name: null clears an optional field. */
export type EntityValues = Record<string, string | number | null>;

export interface ParsedBody {
  /** The row id when the body carries one (an update). */
  id?: string;
  values: EntityValues;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;

export const formatError = (name: string): LocalText => MSG.badFormat(name);

/** The zod `error` option of a LocalText. */
const zodError = (text: LocalText) => ({ error: zodMessage(text) });

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** An image link: trimmed, at most 500 characters, ours or http(s). */
function imageLinkSchema(name: string, field: FieldDef): z.ZodType<string, string> {
  const invalid = zodError(formatError(name));
  const max = defaultMaxLength({ ...field, type: 'image' });
  return z.string(invalid).trim().max(max, zodError(MSG.tooLong(name, max))).refine(isImageLink, invalid);
}

/** Several image links, sent as an array or comma-joined, stored comma-joined in order (blanks dropped). */
function imagesSchema(name: string, field: FieldDef): z.ZodType<string> {
  const invalid = zodError(formatError(name));
  const max = imagesMax(field);
  // A link holding a comma would split in two when read back: refused as malformed.
  const link = z.string(invalid).refine((v) => !v.includes(','), invalid).pipe(imageLinkSchema(name, field));
  return z
    .preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.unknown(), invalid))
    .transform((items) => items.filter((v) => !(typeof v === 'string' && v.trim() === '')))
    .pipe(z.array(link).max(max, zodError(MSG.tooManyItems(name, max))))
    .transform((links) => links.join(','));
}

/** Rich text: cleaned, then at most `maxLength` characters as stored (an edit re-sends what it read). */
function richTextSchema(name: string, field: FieldDef): z.ZodType<string> {
  const max = defaultMaxLength(field);
  const tooLong = zodError(MSG.tooLong(name, max));
  return z
    .string(zodError(formatError(name)))
    // Far beyond the limit: refused before the cleaning spends time on it.
    .max(max * 4, tooLong)
    .transform(sanitizeRichText)
    .pipe(z.string().max(max, tooLong))
    .transform((html) => (richTextIsEmpty(html) ? '' : html));
}

/** Does the server take the field's value from a body in this mode (its `writable` rule; never the form's options)? */
export function acceptsField(field: FieldDef, mode: BodyMode): boolean {
  if (field.virtual || field.writable === 'never') return false;
  return field.writable !== 'create' || mode === 'add';
}

function numberBounds(name: string, field: FieldDef, schema: z.ZodNumber): z.ZodNumber {
  const min = field.min ?? INT_MIN;
  const max = field.max ?? INT_MAX;
  return schema.min(min, zodError(MSG.belowMin(name, min))).max(max, zodError(MSG.aboveMax(name, max)));
}

/** The zod schema of one present (non-blank) value, producing what is stored. */
export function fieldSchema(name: string, field: FieldDef): z.ZodType<string | number> {
  const invalid = zodError(formatError(name));
  switch (field.type) {
    case 'string':
    case 'text': {
      const max = defaultMaxLength(field);
      let s = z.string(invalid).max(max, zodError(MSG.tooLong(name, max)));
      for (const rule of patternRules(field)) s = s.regex(new RegExp(rule.source), zodError(rule.message));
      return z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), s);
    }
    case 'integer':
      return z.preprocess(
        (v) => (typeof v === 'string' && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v),
        numberBounds(name, field, z.number(invalid).int(invalid)),
      );
    case 'money':
      // Whole fen: an amount in yuan with decimals is the browser's to convert, never the server's to round.
      return z.preprocess(
        (v) => (typeof v === 'string' && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v),
        z
          .number(invalid)
          .int(zodError(MSG.moneyInFen(name)))
          .min(field.min ?? 0, zodError(MSG.belowMin(name, field.min ?? 0)))
          .max(field.max ?? MAX_FEN, zodError(MSG.aboveMax(name, field.max ?? MAX_FEN))),
      );
    case 'switch':
      return z.preprocess(
        (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
        z.union([z.literal(0), z.literal(1)], invalid),
      );
    case 'number':
      return z
        .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v), z.string(invalid).regex(DECIMAL, invalid))
        .refine((v) => field.min === undefined || Number(v) >= field.min, zodError(MSG.belowMin(name, field.min ?? 0)))
        .refine((v) => field.max === undefined || Number(v) <= field.max, zodError(MSG.aboveMax(name, field.max ?? 0)));
    case 'select': {
      const options = field.options;
      if (options?.length) {
        const numeric = options.every((o) => typeof o.value === 'number');
        return z
          .union([z.string(), z.number()], invalid)
          .transform((v, ctx) => {
            const hit = options.find((o) => String(o.value) === String(v).trim());
            if (!hit) {
              ctx.addIssue({ code: 'custom', message: zodMessage(formatError(name)) });
              return z.NEVER;
            }
            return numeric ? Number(hit.value) : String(hit.value);
          });
      }
      if (field.dict?.numeric) {
        return z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v), z.number(invalid).int(invalid));
      }
      const max = field.maxLength ?? 255;
      return z.preprocess(
        (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
        z.string(invalid).max(max, zodError(MSG.tooLong(name, max))),
      );
    }
    case 'date':
    case 'datetime':
      return z.string(invalid).transform((v, ctx) => {
        const parsed = parseDateTime(v);
        if (!parsed || (field.type === 'date' && !parsed.dateOnly && !parsed.value.endsWith(' 00:00:00'))) {
          ctx.addIssue({ code: 'custom', message: zodMessage(formatError(name)) });
          return z.NEVER;
        }
        return field.type === 'date' ? parsed.value.slice(0, 10) : parsed.value;
      });
    case 'id':
      return z.preprocess(
        (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : typeof v === 'string' ? v.trim() : v),
        z.string(invalid).refine(isBigintId, invalid),
      );
    case 'image':
      return imageLinkSchema(name, field);
    case 'images':
      return imagesSchema(name, field);
    case 'richtext':
      return richTextSchema(name, field);
  }
}

export interface EntityValidator {
  /** Validates a JSON body; throws a 400 ApiError with the first message. */
  parse(input: unknown, mode: BodyMode): ParsedBody;
  /** The id of a body, when it has one (`id` absent, null or '' → undefined); throws on a malformed id. */
  idOf(input: unknown): string | undefined;
}

/** The first problem a field schema found, in both languages. */
export function firstIssueText(error: z.ZodError, name = 'body'): LocalText {
  const message = error.issues[0]?.message;
  return message === undefined ? formatError(name) : zodMessageText(message);
}

const validators = new WeakMap<EntityDef, EntityValidator>();

/** The (cached) validator of an entity. */
export function entityValidator(entity: EntityDef): EntityValidator {
  const cached = validators.get(entity);
  if (cached) return cached;
  const fields: (ResolvedField & { schema: z.ZodType<string | number> })[] = entityFields(entity).map((f) => ({ ...f, schema: fieldSchema(f.name, f.field) }));
  const idSchema = fieldSchema('id', { type: 'id', label: { zh: '主键', en: 'Id' } });

  const idOf = (input: unknown): string | undefined => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw bizError(formatError('body'));
    const raw = (input as Record<string, unknown>).id;
    if (blank(raw)) return undefined;
    const result = idSchema.safeParse(raw);
    if (!result.success) throw bizError(formatError('id'));
    return String(result.data);
  };

  const validator: EntityValidator = {
    idOf,
    parse(input, mode) {
      const id = idOf(input);
      const body = input as Record<string, unknown>;
      const values: EntityValues = {};
      for (const f of fields) {
        if (!acceptsField(f.field, mode)) continue;
        const present = Object.hasOwn(body, f.name);
        const raw = present ? body[f.name] : undefined;
        let parsed: string | number | undefined;
        if (!blank(raw)) {
          const result = f.schema.safeParse(raw);
          if (!result.success) throw bizError(firstIssueText(result.error, f.name));
          parsed = result.data;
        }
        // Rich text that shows nothing once cleaned (an emptied editor's `<p></p>`) is blank too.
        if (parsed === undefined || parsed === '') {
          // A new row: a missing required value is refused, a missing optional one takes the default.
          // An update: an absent key leaves the column as it is; a blank one clears it unless required.
          if (f.field.required && (mode === 'add' || present)) throw bizError(f.field.required);
          if (mode === 'add') {
            if (f.field.default !== undefined && f.field.default !== null) {
              const fallback = f.schema.safeParse(f.field.default);
              values[f.name] = fallback.success ? fallback.data : null;
            } else values[f.name] = null;
          } else if (present) values[f.name] = null;
          continue;
        }
        values[f.name] = parsed;
      }
      return { id, values };
    },
  };
  validators.set(entity, validator);
  return validator;
}
