import type { LocalText, TableShape } from '../../../core/sdk/shared';
import { ENTITY_NAME_PATTERN, GEN_FIELD_TYPES, GEN_MENU_PARENTS, GEN_SEARCH, IDENTIFIER_PATTERN, PLUGIN_ID_PATTERN, type GenDictionary, type GenField, type GenMenuParent, type GenSpec } from '../spec';
import { adoptionStatements } from './adopt';
import { demoRowsFrom } from './demo-rows';
import { ENGINE_COLUMNS, ENGINE_NAMES, JS_RESERVED, kebabCase } from './names';
import { proposeFields } from './propose';
import { GenRefusal } from './refusal';

/** A code record as its JSON has it (the entity's fields); `fields` is the GenField[] JSON, '' to propose them. */
export interface CodeRecordJson {
  id?: string;
  codeName: string;
  codeNameEn: string;
  pluginId: string;
  serviceName: string;
  datasourceId?: string;
  tableName: string;
  tablePrefix?: string;
  pkName?: string;
  entityName: string;
  menuParent?: string;
  menuIcon?: string;
  menuSort?: number | string | null;
  baseMode?: number | string | null;
  tenantMode?: number | string | null;
  treeMode?: number | string | null;
  treeParent?: string;
  treeTitle?: string;
  demoRows?: number | string | null;
  fields?: string;
}

export interface SpecInput {
  record: CodeRecordJson;
  shape: TableShape;
  /** The table is in the server's own database: the plugin adopts it (and its rows). */
  embedded: boolean;
  /** Rows of the table keyed by column (at most the record's `demoRows` are used). */
  samples: Record<string, unknown>[];
  /** The entries of each dictionary a field may name, by code. */
  dictionaries: Record<string, { key: string; value: LocalText }[]>;
  /** The datasource's name, for the files' doc comments. */
  datasourceName?: string;
}

const FIELD_NAME = /^[a-z][a-zA-Z0-9]{0,62}$/;
const ICON = /^[a-z][a-z-]{0,31}$/;
const SERVICE = /^[a-z][a-z0-9-]{1,62}$/;
const MAX_DEMO_ROWS = 20;

const refuse = (zh: string, en: string): never => {
  throw new GenRefusal({ zh, en });
};

const yes = (value: unknown, fallback: boolean) => (value === null || value === undefined || value === '' ? fallback : Number(value) === 2);

/** The record's field list: parsed and checked to be GenField[] (a hand-edited or stale JSON is refused). */
function parseFields(json: string): GenField[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return refuse('字段配置不是有效的 JSON', 'The field list is not valid JSON');
  }
  if (!Array.isArray(parsed)) return refuse('字段配置应为字段数组', 'The field list must be an array of fields');
  return parsed.map((raw: unknown, i): GenField => {
    const f = raw as Partial<GenField> | null;
    const where = `#${i + 1}`;
    const text = (v: unknown) => typeof v === 'string';
    const num = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
    const ok =
      f &&
      typeof f === 'object' &&
      text(f.column) &&
      text(f.name) &&
      text(f.columnType) &&
      typeof f.include === 'boolean' &&
      (GEN_FIELD_TYPES as readonly string[]).includes(f.type as string) &&
      f.label &&
      text(f.label.zh) &&
      text(f.label.en) &&
      typeof f.required === 'boolean' &&
      num(f.maxLength) &&
      num(f.min) &&
      num(f.max) &&
      text(f.dict) &&
      (GEN_SEARCH as readonly string[]).includes(f.search as string) &&
      typeof f.list === 'boolean' &&
      typeof f.form === 'boolean' &&
      typeof f.sortable === 'boolean' &&
      typeof f.unique === 'boolean';
    if (!ok) refuse(`字段配置第 ${where.slice(1)} 项不完整`, `Field ${where} of the field list is incomplete`);
    return f as GenField;
  });
}

/** Checks one included field against the table and the other fields. */
function checkField(field: GenField, shape: TableShape, seen: Set<string>, reservedColumns: ReadonlySet<string>, dictionaries: SpecInput['dictionaries']): void {
  const label = field.label.zh || field.name;
  if (!shape.columns.some((c) => c.name === field.column)) refuse(`字段「${label}」对应的列 ${field.column} 已不在数据表中`, `The column ${field.column} of field "${field.label.en || field.name}" is no longer in the table`);
  if (!new RegExp(IDENTIFIER_PATTERN).test(field.column)) refuse(`列名 ${field.column} 只能含小写字母、数字和下划线`, `The column name ${field.column} may hold only lower-case letters, digits and underscores`);
  if (!FIELD_NAME.test(field.name)) refuse(`字段名 ${field.name} 须以小写字母开头，只含字母和数字`, `The field name ${field.name} must start with a lower-case letter and hold letters and digits only`);
  if (ENGINE_NAMES.has(field.name) || JS_RESERVED.has(field.name) || reservedColumns.has(field.column)) refuse(`字段名 ${field.name} 是保留名称，请换一个`, `The field name ${field.name} is reserved: choose another`);
  if (seen.has(field.name)) refuse(`字段名 ${field.name} 重复`, `The field name ${field.name} is used twice`);
  seen.add(field.name);
  if (!field.label.zh.trim() || !field.label.en.trim()) refuse(`字段 ${field.name} 缺少中文或英文名称`, `The field ${field.name} lacks its Chinese or English label`);
  if (field.type === 'select' && !field.dict) refuse(`下拉字段「${label}」没有指定字典`, `The select field "${field.label.en}" names no dictionary`);
  if (field.dict && field.type === 'select' && !(dictionaries[field.dict]?.length)) refuse(`字典 ${field.dict} 不存在或没有字典项`, `The dictionary ${field.dict} does not exist or has no entries`);
  if (field.search === 'range' && field.type !== 'date' && field.type !== 'datetime') refuse(`只有日期字段可以按范围搜索（字段「${label}」）`, `Only date fields can be searched by range (field "${field.label.en}")`);
  if (field.search && (field.type === 'richtext' || field.type === 'image')) refuse(`字段「${label}」的类型不能用于搜索`, `A field of the type of "${field.label.en}" cannot be searched`);
  if (field.min !== null && field.max !== null && field.min > field.max) refuse(`字段「${label}」的最小值大于最大值`, `The minimum of field "${field.label.en}" is above its maximum`);
  if (field.maxLength !== null && (!Number.isInteger(field.maxLength) || field.maxLength < 1 || field.maxLength > 1_000_000)) refuse(`字段「${label}」的长度应在 1 到 1000000 之间`, `The length of field "${field.label.en}" must be between 1 and 1000000`);
}

/** The dictionaries the select fields name, copied with their entries (a numeric one when its field is an integer column). */
function dictionariesOf(fields: GenField[], dictionaries: SpecInput['dictionaries']): GenDictionary[] {
  const out = new Map<string, GenDictionary>();
  for (const f of fields) {
    if (f.type !== 'select' || out.has(f.dict)) continue;
    const items = dictionaries[f.dict]!;
    const numeric = f.columnType.startsWith('int');
    if (numeric && !items.every((item) => /^-?\d{1,9}$/.test(item.key))) refuse(`字典 ${f.dict} 的键不全是整数，不能用于整数列 ${f.column}`, `The dictionary ${f.dict} has keys that are not whole numbers: it cannot fill the integer column ${f.column}`);
    out.set(f.dict, { code: f.dict, name: { zh: f.label.zh, en: f.label.en }, numeric, items: items.map((item) => ({ key: item.key, value: { zh: item.value.zh, en: item.value.en || item.value.zh } })) });
  }
  return [...out.values()];
}

/** A record, the table's shape, samples and dictionaries → what the generator writes a plugin from. */
export function specFromRecord(input: SpecInput): GenSpec {
  const { record, shape } = input;
  if (!new RegExp(PLUGIN_ID_PATTERN).test(record.pluginId ?? '')) refuse('插件编号须以小写字母开头，只含小写字母、数字和短横线', 'The plugin id must start with a lower-case letter and hold lower-case letters, digits and dashes');
  if (!new RegExp(ENTITY_NAME_PATTERN).test(record.entityName ?? '')) refuse('实体名须以小写字母开头，只含字母和数字', 'The entity name must start with a lower-case letter and hold letters and digits');
  if (ENGINE_NAMES.has(record.entityName) || JS_RESERVED.has(record.entityName)) refuse(`实体名 ${record.entityName} 是保留名称`, `The entity name ${record.entityName} is reserved`);
  if (!SERVICE.test(record.serviceName ?? '')) refuse('服务名只含小写字母、数字和短横线', 'The service holds lower-case letters, digits and dashes');
  if (!new RegExp(IDENTIFIER_PATTERN).test(shape.name) || shape.name !== record.tableName) refuse(`数据表 ${record.tableName} 的名称无法用作表名`, `The table ${record.tableName} has a name that cannot be used`);
  if (!record.codeName?.trim() || !record.codeNameEn?.trim()) refuse('请填写模块名和英文模块名', 'Please give the module name in Chinese and English');
  const menuParent = (GEN_MENU_PARENTS as readonly string[]).includes(record.menuParent ?? 'own') ? ((record.menuParent || 'own') as GenMenuParent) : refuse('菜单位置无效', 'The menu placement is not valid');
  const icon = record.menuIcon || 'apps';
  if (!ICON.test(icon)) refuse('图标名只含小写字母和短横线', 'An icon name holds lower-case letters and dashes');

  const tenant = yes(record.tenantMode, true);
  const audit = yes(record.baseMode, true);
  const pkName = record.pkName || 'id';
  const fields = record.fields?.trim() ? parseFields(record.fields) : proposeFields(shape, { dictionaries: new Set(Object.keys(input.dictionaries).filter((code) => input.dictionaries[code]!.length)), pkName });
  const reservedColumns = new Set<string>([pkName, 'id', 'is_deleted', ...(tenant ? ['tenant_id'] : []), ...(audit ? [...ENGINE_COLUMNS].filter((c) => c !== 'tenant_id' && c !== 'is_deleted') : [])]);
  const seen = new Set<string>();
  const included = fields.filter((f) => f.include);
  for (const field of included) checkField(field, shape, seen, reservedColumns, input.dictionaries);
  if (included.length === 0) refuse('至少要包含一个字段', 'Include at least one field');
  const hiddenRequired = included.find((f) => f.required && !f.form);
  if (hiddenRequired) refuse(`必填字段「${hiddenRequired.label.zh}」须显示在表单中`, `The required field "${hiddenRequired.label.en}" must be in the form`);
  if (!included.some((f) => f.form)) refuse('至少要有一个字段显示在表单中', 'At least one field must be in the form');

  let tree: GenSpec['tree'] = null;
  if (yes(record.treeMode, false)) {
    const parent = included.find((f) => f.name === record.treeParent);
    const title = included.find((f) => f.name === record.treeTitle);
    if (!parent) refuse(`树形的父级字段 ${record.treeParent || '（未填）'} 不在所选字段中`, `The tree's parent field ${record.treeParent || '(none)'} is not among the included fields`);
    if (!title || title.type !== 'string') refuse(`树形的节点标题字段 ${record.treeTitle || '（未填）'} 应为所选的文本字段`, `The tree's title field ${record.treeTitle || '(none)'} must be an included string field`);
    if (parent === title) refuse('树形的父级字段和标题字段不能相同', "The tree's parent and title fields must differ");
    tree = { parent: parent!.name, title: title!.name };
  }
  // The parent is an id whatever the column was guessed as; it is chosen on the screen, not typed.
  const settled = fields.map((f) => (tree && f.name === tree.parent ? { ...f, type: 'id' as const, required: false, dict: '', search: '' as const, unique: false, sortable: false, list: false } : f));

  const dictionaries = dictionariesOf(settled.filter((f) => f.include), input.dictionaries);
  const wanted = Math.max(0, Math.min(MAX_DEMO_ROWS, Number(record.demoRows ?? 5) || 0));
  const samples = input.samples.slice(0, wanted);
  const keyed = tree && shape.columns.some((c) => c.name === pkName);
  const demoRows = demoRowsFrom(settled, samples, { key: keyed ? pkName : undefined, dictionaries: input.dictionaries });

  const spec: GenSpec = {
    source: { datasource: input.datasourceName ?? (input.embedded ? 'the embedded database' : `datasource ${record.datasourceId ?? ''}`.trim()), table: shape.name, recordId: record.id ?? '' },
    pluginId: record.pluginId,
    pluginName: { zh: record.codeName.trim(), en: record.codeNameEn.trim() },
    entityName: record.entityName,
    entityLabel: { zh: record.codeName.trim(), en: record.codeNameEn.trim() },
    table: shape.name,
    apiBase: `/api/${record.serviceName}/${kebabCase(record.entityName)}`,
    menu: { parent: menuParent, icon, sort: Math.max(0, Math.min(9999, Number(record.menuSort ?? 10) || 0)) },
    tenant,
    audit,
    tree,
    fields: settled,
    dictionaries,
    demoRows,
    adopt: input.embedded ? { columns: shape.columns, pkName } : null,
  };
  adoptionStatements(spec); // throws what an adoption cannot do, before any file is written
  return spec;
}
