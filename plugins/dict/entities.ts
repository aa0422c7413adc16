import { defineEntity, type EntityDef, type FieldDef } from '../../core/schema/entity';

/**
 * System dictionaries (`blade_dict`, shared by every tenant, written by administrators only) and business
 * dictionaries (`blade_dict_biz`, per tenant), the same shape (SPEC §3, §5; contract §5). A parent row has
 * parent_id 0 and dict_key -1; its children share its code.
 */
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

/** Child rows add the key and the parent; code and parent cannot be edited in the child form. */
const childFields = {
  code: { ...parentFields.code, editable: false },
  parentId: {
    type: 'id',
    label: { zh: '上级字典', en: 'Parent' },
    editable: false,
    list: false,
    // Optional: the placeholder is 请选择上级字典 (SPEC §5).
  },
  dictKey: {
    type: 'string',
    label: { zh: '字典键值', en: 'Key' },
    required: { zh: '请输入字典键值', en: 'Please enter the dictionary key' },
    maxLength: 255,
    search: 'like',
  },
  dictValue: parentFields.dictValue,
  sort: parentFields.sort,
  isSealed: parentFields.isSealed,
  remark: parentFields.remark,
} satisfies Record<string, FieldDef>;

function dictionaryEntity(name: 'dict' | 'dictbiz', table: string, base: string, tenant: boolean, fields: Record<string, FieldDef>): EntityDef {
  return defineEntity({
    name,
    table,
    label: name === 'dict' ? { zh: '字典', en: 'Dictionary' } : { zh: '业务字典', en: 'Business dictionary' },
    permission: name,
    tenant,
    audit: false,
    logicalDelete: true,
    api: { base, list: 'list', save: 'submit', removeIds: 'query' },
    sort: { field: 'sort', order: 'asc' },
    fields,
  });
}

export const dictParentEntity = dictionaryEntity('dict', 'blade_dict', '/api/blade-system/dict', false, parentFields);
export const dictChildEntity = dictionaryEntity('dict', 'blade_dict', '/api/blade-system/dict', false, childFields);
export const dictBizParentEntity = dictionaryEntity('dictbiz', 'blade_dict_biz', '/api/blade-system/dict-biz', true, parentFields);
export const dictBizChildEntity = dictionaryEntity('dictbiz', 'blade_dict_biz', '/api/blade-system/dict-biz', true, childFields);
