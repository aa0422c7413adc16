import { defaultMaxLength, imagesMax, patternRules, type EntityDef, type FieldDef, type FilterOp } from '../../schema/entity';
import { allowedOps, CREATE_TIME, DATE_OPS, MAX_FILTER_VALUE, selectIsNumeric } from '../../schema/filters';
import { acceptsField, type BodyMode } from '../crud/body';
import type { LocalText, ServerLanguage } from '../i18n';
import type { JsonSchema, Parameter } from './types';
import { MAX_FEN } from '../../schema/money';

/**
 * JSON Schemas of an entity, read off its definition the way the engine reads it: the row the API answers
 * (the repository's JSON form), the body a save accepts (the body validator's rules: types, lengths,
 * bounds, patterns, options, required messages, the `writable` rule), and the list's filters as query
 * parameters (the operators each field accepts).
 */

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATETIME = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$';
const ID = '^\\d{1,19}$';
const INTEGER = '^-?\\d{1,18}$';
const DECIMAL = '^-?\\d{1,30}(\\.\\d{1,30})?$';
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

type Texts = (text: LocalText) => string;
export const textsIn = (lang: ServerLanguage): Texts => (text) => text[lang];

const DICTIONARY: LocalText = { zh: '字典', en: 'dictionary' };
const BIZ_DICTIONARY: LocalText = { zh: '业务字典', en: 'business dictionary' };

/** What a person reads about a field: its label, where its options come from, what the server fills. */
function fieldDescription(field: FieldDef, t: Texts): string {
  const parts = [t(field.label)];
  if (field.dict) parts.push(`${t(field.dict.biz ? BIZ_DICTIONARY : DICTIONARY)} \`${field.dict.code}\``);
  if (field.options?.length) parts.push(field.options.map((o) => `${o.value} = ${t(o.label)}`).join(', '));
  if (field.type === 'date') parts.push('yyyy-MM-dd');
  if (field.type === 'datetime') parts.push('yyyy-MM-dd HH:mm:ss');
  return parts.join(' · ');
}

/** A field's value as the API answers it (the repository's JSON form: ids and decimals as strings, '' for none). */
function rowValue(field: FieldDef, t: Texts): JsonSchema {
  const description = fieldDescription(field, t);
  switch (field.type) {
    case 'integer':
    case 'money':
      return { type: ['integer', 'null'], description };
    case 'switch':
      return { type: ['integer', 'null'], enum: [0, 1, null], description };
    case 'select':
      if (selectIsNumeric(field)) return { type: ['integer', 'null'], description, ...(field.options?.length ? { enum: [...field.options.map((o) => o.value), null] } : {}) };
      return { type: 'string', description };
    case 'number':
      return { type: 'string', description };
    case 'id':
      return { type: 'string', description, examples: ['1123598821738675201'] };
    default:
      return { type: 'string', description };
  }
}

/** The field's rules as one pattern: a single rule as written, several as lookaheads that must all hold. */
function patternSchema(field: FieldDef): { pattern?: string } {
  const rules = patternRules(field);
  if (rules.length === 0) return {};
  return { pattern: rules.length === 1 ? rules[0]!.source : rules.map((r) => `(?=${r.source})`).join('') };
}

/** A field's value as a save accepts it (what the body validator lets through, before its light conversions). */
function inputValue(field: FieldDef, t: Texts): JsonSchema {
  const description = fieldDescription(field, t);
  const base: JsonSchema = { description };
  if (field.default !== undefined && field.default !== null) base.default = field.default;
  switch (field.type) {
    case 'string':
    case 'text':
      return { ...base, type: 'string', maxLength: defaultMaxLength(field), ...patternSchema(field) };
    case 'integer':
      return { ...base, type: 'integer', minimum: field.min ?? INT_MIN, maximum: field.max ?? INT_MAX };
    case 'money':
      return { ...base, type: 'integer', minimum: field.min ?? 0, maximum: field.max ?? MAX_FEN };
    case 'switch':
      return { ...base, type: 'integer', enum: [0, 1] };
    case 'number':
      // A decimal travels as a string to keep its precision; its bounds hold for the number it spells.
      return {
        ...base,
        anyOf: [{ type: 'string', pattern: DECIMAL }, { type: 'number', ...(field.min !== undefined ? { minimum: field.min } : {}), ...(field.max !== undefined ? { maximum: field.max } : {}) }],
      };
    case 'select':
      if (field.options?.length) return { ...base, enum: field.options.map((o) => o.value) };
      if (field.dict?.numeric) return { ...base, type: 'integer' };
      return { ...base, type: 'string', maxLength: field.maxLength ?? 255 };
    case 'date':
      return { ...base, type: 'string', pattern: DATE };
    case 'datetime':
      return { ...base, type: 'string', pattern: DATETIME };
    case 'id':
      return { ...base, anyOf: [{ type: 'string', pattern: ID }, { type: 'integer', minimum: 0 }] };
    case 'image':
      return { ...base, type: 'string', maxLength: defaultMaxLength(field) };
    case 'images':
      return { ...base, anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', maxLength: defaultMaxLength({ ...field, type: 'image' }) }, maxItems: imagesMax(field) }] };
    case 'richtext':
      return { ...base, type: 'string', maxLength: defaultMaxLength(field) };
  }
}

const AUDIT: Record<string, { schema: JsonSchema; label: LocalText }> = {
  createUser: { schema: { type: 'string' }, label: { zh: '创建人', en: 'Created by' } },
  createDept: { schema: { type: 'string' }, label: { zh: '创建部门', en: 'Department of the creator' } },
  createTime: { schema: { type: 'string' }, label: { zh: '创建时间', en: 'Created at' } },
  updateUser: { schema: { type: 'string' }, label: { zh: '修改人', en: 'Changed by' } },
  updateTime: { schema: { type: 'string' }, label: { zh: '修改时间', en: 'Changed at' } },
  status: { schema: { type: ['integer', 'null'] }, label: { zh: '状态', en: 'Status' } },
};

const LABEL = {
  id: { zh: '主键', en: 'Id' },
  tenantId: { zh: '租户编号', en: 'Tenant id' },
  isDeleted: { zh: '是否已删除', en: 'Deleted' },
  computed: { zh: '读取时计算', en: 'computed when read' },
  parentName: { zh: '上级名称', en: 'Name of the parent' },
  hasChildren: { zh: '是否有子节点', en: 'Has children' },
  children: { zh: '子节点', en: 'Children' },
  editId: { zh: '主键：有值为修改该行（未传的字段不变），无值为新增', en: 'Id: present to edit that row (keys left out stay as they are), absent to add one' },
  updateId: { zh: '要修改的行的主键（未传的字段不变）', en: 'Id of the row to edit (keys left out stay as they are)' },
  addressedTenant: { zh: '租户编号（仅 000000 租户的管理员可指定其他租户）', en: 'Tenant id (only an administrator of tenant 000000 may name another tenant)' },
} satisfies Record<string, LocalText>;

/** The row the API answers for an entity (list records, detail). */
export function rowSchema(entity: EntityDef, t: Texts): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'string', description: t(LABEL.id), examples: ['1123598821738675201'] } };
  const required = ['id'];
  if (entity.tenant) {
    properties.tenantId = { type: 'string', description: t(LABEL.tenantId), examples: ['000000'] };
    required.push('tenantId');
  }
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = rowValue(field, t);
    properties[name] = field.virtual ? { ...value, description: `${value.description} (${t(LABEL.computed)})`, readOnly: true } : value;
    if (!field.virtual) required.push(name);
  }
  if (entity.audit) {
    for (const [name, audit] of Object.entries(AUDIT)) {
      if (name in entity.fields) continue; // a `status` field describes the column itself
      properties[name] = { ...audit.schema, description: `${t(audit.label)}${name.endsWith('Time') ? ' · yyyy-MM-dd HH:mm:ss' : ''}` };
      required.push(name);
    }
  }
  if (entity.logicalDelete) {
    properties.isDeleted = { type: ['integer', 'null'], description: t(LABEL.isDeleted) };
    required.push('isDeleted');
  }
  return { type: 'object', description: t(entity.label), properties, required };
}

/** A row of a tree list: the row with its parent's name and, nested, its children (`self`: the reference to this schema). */
export function treeRowSchema(entity: EntityDef, t: Texts, self: string): JsonSchema {
  const row = rowSchema(entity, t);
  return {
    ...row,
    properties: {
      ...row.properties,
      parentName: { type: 'string', description: t(LABEL.parentName) },
      hasChildren: { type: 'boolean', description: t(LABEL.hasChildren) },
      children: { type: 'array', items: { $ref: self }, description: t(LABEL.children) },
    },
  };
}

/** The body of a save: `submit` (id present: edit, else add), `save` (add) or `update` (edit, id required). */
export function bodySchema(entity: EntityDef, t: Texts, action: 'submit' | 'save' | 'update', otherTenants: boolean): JsonSchema {
  const mode: BodyMode = action === 'update' ? 'edit' : 'add';
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (action !== 'save') properties.id = { anyOf: [{ type: 'string', pattern: ID }, { type: 'integer', minimum: 0 }], description: t(action === 'update' ? LABEL.updateId : LABEL.editId) };
  if (action === 'update') required.push('id');
  if (otherTenants && entity.tenant) properties.tenantId = { type: 'string', pattern: '^\\d{6}$', description: t(LABEL.addressedTenant) };
  for (const [name, field] of Object.entries(entity.fields)) {
    // A submit that edits takes what an edit takes; the schema says what an add takes, the wider of the two.
    if (!acceptsField(field, mode)) continue;
    const value = inputValue(field, t);
    if (field.required) {
      value.description = `${value.description} · ${t(field.required)}`;
      if (action !== 'update') required.push(name);
    }
    properties[name] = value;
  }
  return { type: 'object', description: t(entity.label), properties, ...(required.length ? { required } : {}) };
}

const OP_TEXT: Record<FilterOp, LocalText> = {
  equal: { zh: '等于', en: 'equals' },
  notequal: { zh: '不等于', en: 'differs from' },
  like: { zh: '包含（不区分大小写）', en: 'contains (any case)' },
  notlike: { zh: '不包含', en: 'does not contain' },
  likeleft: { zh: '以此结尾', en: 'ends with' },
  likeright: { zh: '以此开头', en: 'starts with' },
  ge: { zh: '大于等于', en: 'at least' },
  le: { zh: '小于等于', en: 'at most' },
  gt: { zh: '大于', en: 'greater than' },
  lt: { zh: '小于', en: 'less than' },
  datege: { zh: '不早于', en: 'on or after' },
  dategt: { zh: '晚于', en: 'after' },
  dateequal: { zh: '等于（只给日期时为当天）', en: 'equals (a day alone: that whole day)' },
  datele: { zh: '不晚于', en: 'on or before' },
  datelt: { zh: '早于', en: 'before' },
  null: { zh: '为空（任意非空值即生效）', en: 'is empty (any non-empty value turns it on)' },
  notnull: { zh: '不为空（任意非空值即生效）', en: 'is not empty (any non-empty value turns it on)' },
};

/** How a filter value of the field must look (the filter parser's rules). */
function filterValue(field: FieldDef, op: FilterOp): JsonSchema {
  const schema: JsonSchema = { type: 'string', maxLength: MAX_FILTER_VALUE };
  if (op === 'null' || op === 'notnull' || op === 'like' || op === 'notlike' || op === 'likeleft' || op === 'likeright') return schema;
  if ((DATE_OPS as readonly string[]).includes(op) || field.type === 'date' || field.type === 'datetime') return { ...schema, pattern: DATETIME };
  if (field.type === 'integer' || field.type === 'switch' || (field.type === 'select' && selectIsNumeric(field))) return { ...schema, pattern: INTEGER };
  if (field.type === 'number') return { ...schema, pattern: DECIMAL };
  if (field.type === 'id') return { ...schema, pattern: ID };
  return schema;
}

/** The query parameters of the list's filters: `<field>` for `like` (no suffix on the wire), `<field>_<op>` otherwise. */
export function filterParameters(entity: EntityDef, t: Texts): Parameter[] {
  const parameters: Parameter[] = [];
  const add = (name: string, field: FieldDef, op: FilterOp) =>
    parameters.push({ name: op === 'like' ? name : `${name}_${op}`, in: 'query', description: `${fieldDescription(field, t)}: ${t(OP_TEXT[op])}`, schema: filterValue(field, op) });
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.virtual) continue;
    for (const op of allowedOps(field)) add(name, field, op);
  }
  if (entity.createTimeRange && !Object.hasOwn(entity.fields, CREATE_TIME)) {
    const created: FieldDef = { type: 'datetime', label: { zh: '创建时间', en: 'Created' } };
    for (const op of DATE_OPS) add(CREATE_TIME, created, op);
  }
  return parameters;
}
