import { defineEntity } from '../../core/sdk/shared';

const DIGITS = { source: '^\\d+$', message: { zh: '区划编号只能包含数字', en: 'A region code has digits only' } };

/** Region levels (BladeX dictionary `region`). */
export const REGION_LEVELS = [
  { value: 0, label: { zh: '国家', en: 'Country' } },
  { value: 1, label: { zh: '省份/直辖市', en: 'Province' } },
  { value: 2, label: { zh: '地市', en: 'City' } },
  { value: 3, label: { zh: '区县', en: 'District' } },
  { value: 4, label: { zh: '乡镇', en: 'Town' } },
  { value: 5, label: { zh: '村委', en: 'Village' } },
];

/**
 * Administrative divisions (`blade_region`): global reference data keyed by `code`, a tree below `00`
 * 中国. The server writes it by hand (the key is the code, not an id, so neither the engine's endpoints
 * nor its table fit); the definition gives the browser its form and search, and the server its field
 * rules and filters. `parentName` and `subCode` are not columns: the parent's name is looked up, and a
 * new child's code is the parent's code followed by the sub code.
 */
export const regionEntity = defineEntity({
  name: 'region',
  syncTable: false,
  label: { zh: '行政区划', en: 'Region' },
  tenant: false,
  audit: false,
  logicalDelete: false,
  api: { base: '/api/blade-system/region' },
  sort: { field: 'sort', order: 'asc' },
  fields: {
    parentCode: { type: 'string', label: { zh: '父区划编号', en: 'Parent code' }, maxLength: 12, list: false, writable: 'create', span: 24 },
    parentName: { type: 'string', label: { zh: '父区划名称', en: 'Parent name' }, maxLength: 64, list: false, writable: 'create', span: 24 },
    code: {
      type: 'string',
      label: { zh: '区划编号', en: 'Code' },
      required: true,
      maxLength: 12,
      pattern: DIGITS,
      writable: 'create',
      search: 'likeright',
      filters: ['like', 'equal'],
      span: 24,
    },
    subCode: {
      type: 'string',
      label: { zh: '区划子编号', en: 'Sub code' },
      required: true,
      maxLength: 12,
      pattern: DIGITS,
      list: false,
      writable: 'create',
      form: { add: true, edit: false, view: false },
      span: 24,
    },
    name: {
      type: 'string',
      label: { zh: '区划名称', en: 'Name' },
      required: true,
      maxLength: 64,
      search: 'like',
      filters: ['equal'],
      span: 24,
    },
    regionLevel: {
      type: 'select',
      label: { zh: '区划等级', en: 'Level' },
      options: REGION_LEVELS,
      search: 'equal',
      writable: 'create',
      span: 24,
    },
    sort: {
      type: 'integer',
      label: { zh: '排序', en: 'Order' },
      required: true,
      min: 0,
      max: 99999,
      span: 24,
    },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});
