import { defineEntity } from '../../core/schema/entity';

/**
 * Departments (机构, SPEC §7; bladex-contract §3.2 `blade_dept`): a tree per tenant. `ancestors` is kept by
 * the server (the parent's ancestors and the parent's id), never sent by the browser.
 */
export const deptEntity = defineEntity({
  name: 'dept',
  table: 'blade_dept',
  label: { zh: '机构', en: 'Department' },
  permission: 'dept',
  tenant: true,
  audit: false,
  logicalDelete: true,
  api: { base: '/api/blade-system/dept', list: 'list', save: 'submit', removeIds: 'query' },
  sort: { field: 'sort', order: 'asc' },
  fields: {
    deptName: {
      type: 'string',
      label: { zh: '机构名称', en: 'Name' },
      required: { zh: '请输入机构名称', en: 'Please enter the name' },
      maxLength: 45,
      search: 'like',
    },
    fullName: {
      type: 'string',
      label: { zh: '机构全称', en: 'Full name' },
      required: { zh: '请输入机构全称', en: 'Please enter the full name' },
      maxLength: 45,
      search: 'like',
    },
    parentId: { type: 'id', label: { zh: '上级机构', en: 'Parent' }, list: false, default: '0', form: { add: false, edit: false, view: false } },
    deptCategory: {
      type: 'select',
      label: { zh: '机构类型', en: 'Category' },
      dict: { code: 'org_category', numeric: true },
      required: { zh: '请选择机构类型', en: 'Please choose the category' },
    },
    sort: {
      type: 'integer',
      label: { zh: '排序', en: 'Order' },
      required: { zh: '请输入排序', en: 'Please enter the order' },
      min: 0,
      max: 99999,
    },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});
