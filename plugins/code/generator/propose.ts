import type { ColumnShape, TableShape } from '../../../core/sdk/shared';
import type { GenField, GenFieldType, GenSearch, ProposedRecord } from '../spec';
import { camelCase, ENGINE_COLUMNS, humanise, kebabCase } from './names';

/**
 * The generator's first guess, from a table's shape alone: a field per column (type, label, rules, search,
 * list) and the record's names. The author adjusts both on the screen before generating.
 */

const DICT_IN_COMMENT = /(?:字典\s*[:：]|dict\s*:)\s*([A-Za-z][\w-]{0,63})/i;
const MONEY_WORDS: ReadonlySet<string> = new Set(['price', 'amount', 'fee', 'cost', 'money', 'total', 'balance', 'limit']);
const MONEY_COMMENT = /金额|价格|额度|[（(]\s*分\s*[）)]|单位\s*[:：]?\s*分/;
const IMAGE_WORDS: ReadonlySet<string> = new Set(['image', 'img', 'avatar', 'logo', 'picture', 'pic', 'photo', 'cover', 'thumbnail']);
const RICH_WORDS: ReadonlySet<string> = new Set(['content', 'html', 'detail', 'details']);
const INTEGER_TYPES: ReadonlySet<string> = new Set(['int2', 'int4', 'int8']);
/** A varchar longer than this is edited as multi-line text. */
const LONG_STRING = 500;
/** At most this many string fields are searched by substring, unless indexed. */
const LIKE_FIELDS = 2;

const words = (column: string) => column.toLowerCase().split('_').filter(Boolean);

/** The dictionary codes a column may name: its own name, and a code its comment gives (`字典:sex`, `dict:sex`). */
function columnCandidates(column: ColumnShape): string[] {
  const inComment = DICT_IN_COMMENT.exec(column.comment)?.[1];
  return inComment ? [inComment, column.name] : [column.name];
}

/** Every dictionary code the table's columns may name (the server reads those that exist). */
export function dictionaryCandidates(shape: TableShape): string[] {
  return [...new Set(shape.columns.flatMap(columnCandidates))];
}

/** A column's label in Chinese: its comment up to the first bracket or comma, else the column itself. */
function chineseLabel(column: ColumnShape): string {
  const head = column.comment.split(/[（(,，;；\n]/)[0]!.replace(DICT_IN_COMMENT, '').trim();
  return (head || column.name).slice(0, 32);
}

/** The primary key's column: the one declared, else `pkName`, else `id`. */
function primaryKeyOf(shape: TableShape, pkName?: string): string {
  return pkName || shape.columns.find((c) => c.primaryKey)?.name || 'id';
}

interface Typed {
  type: GenFieldType;
  include: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  dict: string;
}

function typeOf(column: ColumnShape, dictionaries: ReadonlySet<string>): Typed {
  const plain = { include: true, maxLength: null, min: null, max: null, dict: '' };
  const named = words(column.name);
  const integer = INTEGER_TYPES.has(column.type);
  const dict = columnCandidates(column).find((code) => dictionaries.has(code));
  if (dict && (integer || column.type === 'varchar' || column.type === 'bpchar' || column.type === 'text')) {
    return { ...plain, type: 'select', dict, maxLength: integer ? null : (column.maxLength ?? 255) };
  }
  switch (column.type) {
    case 'varchar':
    case 'bpchar': {
      const length = column.maxLength ?? 255;
      if (named.some((w) => IMAGE_WORDS.has(w)) || /_url$/.test(column.name)) return { ...plain, type: 'image' };
      return { ...plain, type: length > LONG_STRING ? 'text' : 'string', maxLength: length };
    }
    case 'text':
      return named.some((w) => RICH_WORDS.has(w)) ? { ...plain, type: 'richtext' } : { ...plain, type: 'text', maxLength: 2000 };
    case 'int2':
      return { ...plain, type: 'integer', min: -32768, max: 32767 };
    case 'int4':
    case 'int8': {
      if (named.some((w) => MONEY_WORDS.has(w)) || MONEY_COMMENT.test(column.comment)) return { ...plain, type: 'money' };
      if (column.type === 'int8' && /_id$/.test(column.name)) return { ...plain, type: 'id' };
      return { ...plain, type: 'integer' };
    }
    case 'numeric':
    case 'float4':
    case 'float8':
      return { ...plain, type: 'number' };
    case 'bool':
      return { ...plain, type: 'switch' };
    case 'date':
      return { ...plain, type: 'date' };
    case 'timestamp':
    case 'timestamptz':
      return { ...plain, type: 'datetime' };
    default:
      // json, jsonb, uuid, bytea, arrays and the rest: nothing the engine keeps in one column of its own.
      return { ...plain, type: 'string', include: false };
  }
}

const SEARCHED_BY_VALUE: ReadonlySet<GenFieldType> = new Set(['integer', 'number', 'money', 'id', 'select', 'switch']);
const SORTABLE: ReadonlySet<GenFieldType> = new Set(['integer', 'number', 'money', 'date', 'datetime']);

/** A field per column, in the table's order; the engine's own columns and what it cannot store are left out. */
export function proposeFields(shape: TableShape, options: { dictionaries: ReadonlySet<string>; pkName?: string }): GenField[] {
  const pk = primaryKeyOf(shape, options.pkName);
  const indexed = new Set(shape.indexes.filter((i) => !i.primary).flatMap((i) => i.columns));
  const uniqueAlone = new Set(shape.indexes.filter((i) => i.unique && !i.primary && i.columns.length === 1).map((i) => i.columns[0]!));
  let likes = 0;
  return shape.columns.map((column): GenField => {
    const typed = typeOf(column, options.dictionaries);
    const include = typed.include && column.name !== pk && !ENGINE_COLUMNS.has(column.name);
    const textual = typed.type === 'string' || typed.type === 'text';
    let search: GenSearch = '';
    if (include) {
      if (typed.type === 'string' && likes < LIKE_FIELDS) search = 'like';
      else if (typed.type === 'select' || typed.type === 'switch') search = 'equal';
      else if (typed.type === 'date' || typed.type === 'datetime') search = 'range';
      else if (indexed.has(column.name)) search = textual ? 'like' : SEARCHED_BY_VALUE.has(typed.type) ? 'equal' : '';
      if (search === 'like') likes++;
    }
    return {
      column: column.name,
      columnType: column.maxLength !== null ? `${column.type}(${column.maxLength})` : column.precision !== null ? `${column.type}(${column.precision}, ${column.scale ?? 0})` : column.type,
      include,
      name: camelCase(column.name),
      type: typed.type,
      label: { zh: chineseLabel(column), en: humanise(column.name) },
      // A switch always has a value (0 by default).
      required: !column.nullable && !column.hasDefault && typed.type !== 'switch',
      maxLength: typed.maxLength,
      min: typed.min,
      max: typed.max,
      dict: typed.dict,
      search,
      list: typed.type !== 'text' && typed.type !== 'richtext',
      form: true,
      sortable: SORTABLE.has(typed.type),
      unique: uniqueAlone.has(column.name) && include,
    };
  });
}

/** `blade_notice` → plugin `notice`; a `parent_id` column makes a tree titled by the first string column. */
export function proposeRecord(shape: TableShape, options: { tablePrefix?: string }): ProposedRecord {
  const prefix = options.tablePrefix ?? (shape.name.startsWith('blade_') ? 'blade_' : '');
  const base = (prefix && shape.name.startsWith(prefix) && shape.name.length > prefix.length ? shape.name.slice(prefix.length) : shape.name).replace(/^[^a-z]+/, '') || 'table';
  const entityName = camelCase(base).slice(0, 31).padEnd(2, 'x');
  const pluginId = kebabCase(base).slice(0, 31).replace(/-$/, '').padEnd(2, 'x');
  const pk = shape.columns.filter((c) => c.primaryKey);
  const title = shape.columns.find((c) => (c.type === 'varchar' || c.type === 'bpchar') && !c.primaryKey && !ENGINE_COLUMNS.has(c.name));
  const tree = shape.columns.some((c) => c.name === 'parent_id') && title !== undefined;
  return {
    pluginId,
    entityName,
    codeName: (shape.comment.split(/[（(,，;；\n]/)[0]!.trim() || base).slice(0, 64),
    codeNameEn: humanise(base).slice(0, 64),
    serviceName: pluginId,
    tablePrefix: prefix,
    pkName: pk.length === 1 ? pk[0]!.name : 'id',
    baseMode: 2,
    tenantMode: 2,
    treeMode: tree ? 2 : 1,
    treeParent: tree ? 'parentId' : '',
    treeTitle: tree ? camelCase(title.name) : '',
  };
}
