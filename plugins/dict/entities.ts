import { defineEntity, type EntityDef, type FieldDef, type LocalText } from '../../core/sdk/shared';

/**
 * System dictionaries (`blade_dict`, shared by every tenant, written by administrators only) and business
 * dictionaries (`blade_dict_biz`, per tenant), the same shape. A dictionary is a top-level row (parent_id
 * 0, dict_key -1); its entries are the rows below it, and they (and theirs) share its code.
 */

export const MSG_DUPLICATE_KEY: LocalText = { zh: '当前字典键值已存在!', en: 'This dictionary key already exists' };

/** The dictionary form's fields. */
const parentFields = {
  code: {
    type: 'string',
    label: { zh: '字典编号', en: 'Code' },
    required: { zh: '请输入字典编号', en: 'Please enter the dictionary code' },
    maxLength: 255,
    search: 'like',
  },
  dictValue: {
    type: 'string',
    label: { zh: '字典名称', en: 'Name' },
    required: { zh: '请输入字典名称', en: 'Please enter the dictionary name' },
    maxLength: 255,
    search: 'like',
  },
  // What an English user sees instead of the name; none: the Chinese name.
  dictValueEn: { type: 'string', label: { zh: '英文名称', en: 'English name' }, maxLength: 255 },
  sort: {
    type: 'integer',
    label: { zh: '字典排序', en: 'Sort' },
    required: { zh: '请输入字典排序', en: 'Please enter the sort order' },
    min: 0,
    max: 1_000_000,
    sortable: true,
  },
  isSealed: {
    type: 'switch',
    label: { zh: '封存', en: 'Sealed' },
    required: { zh: '请选择封存', en: 'Please choose whether it is sealed' },
    options: [
      { value: 0, label: { zh: '否', en: 'No' } },
      { value: 1, label: { zh: '是', en: 'Yes' } },
    ],
    default: 0,
  },
  remark: { type: 'text', label: { zh: '字典备注', en: 'Remark' }, maxLength: 255 },
} satisfies Record<string, FieldDef>;

/**
 * Every field of a row: the entry form's, and what the server stores and answers for both kinds of row.
 * The entry form shows the code (its dictionary's) and the parent fixed. The server accepts a code on
 * every write, since a dictionary may be renamed; an entry keeps its dictionary's (the server's hooks).
 */
const childFields = {
  code: { ...parentFields.code, editable: false, writable: 'always' },
  // Optional: the placeholder is 请选择上级字典.
  parentId: { type: 'id', label: { zh: '上级字典', en: 'Parent' }, writable: 'create', list: false },
  dictKey: {
    type: 'string',
    label: { zh: '字典键值', en: 'Key' },
    required: { zh: '请输入字典键值', en: 'Please enter the dictionary key' },
    maxLength: 255,
    search: 'like',
  },
  dictValue: parentFields.dictValue,
  // The value an English user's selects show; none: the Chinese one.
  dictValueEn: { ...parentFields.dictValueEn, label: { zh: '英文值', en: 'English value' } },
  sort: parentFields.sort,
  isSealed: parentFields.isSealed,
  remark: parentFields.remark,
} satisfies Record<string, FieldDef>;

const kinds = {
  dict: { table: 'blade_dict', base: '/api/blade-system/dict', tenant: false, label: { zh: '字典', en: 'Dictionary' } },
  dictbiz: { table: 'blade_dict_biz', base: '/api/blade-system/dict-biz', tenant: true, label: { zh: '业务字典', en: 'Business dictionary' } },
} as const;

/**
 * The resource: a row of either kind, a tree by parentId, the key unique within a code. The engine keeps
 * the table from this definition.
 */
function rowEntity(name: keyof typeof kinds): EntityDef {
  const { base, ...kind } = kinds[name];
  return defineEntity({
    name,
    ...kind,
    audit: false,
    api: { base },
    // Equal sorts keep the order the rows were made in, as every dictionary endpoint reads them.
    sort: { field: 'sort', order: 'asc', ties: 'oldest' },
    tree: { title: 'dictValue' },
    unique: [{ fields: ['code', 'dictKey'], message: MSG_DUPLICATE_KEY }],
    fields: childFields,
  });
}

/** The dictionary form's view of the same rows (no key, no parent); the table is the row entity's to keep. */
function parentEntity(row: EntityDef): EntityDef {
  const { tree: _tree, unique: _unique, ...shared } = row;
  return { ...shared, syncTable: false, fields: parentFields };
}

export const dictChildEntity = rowEntity('dict');
export const dictParentEntity = parentEntity(dictChildEntity);
export const dictBizChildEntity = rowEntity('dictbiz');
export const dictBizParentEntity = parentEntity(dictBizChildEntity);
