import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/** Departments (机构): a tree per tenant, users belong to them. The engine keeps `ancestors`. */
export const deptEntity = defineEntity({
  name: 'dept',
  label: { zh: '机构', en: 'Department' },
  audit: false,
  api: { base: '/api/blade-system/dept' },
  sort: { field: 'sort', order: 'asc' },
  tree: { title: 'deptName', ancestors: 'ancestors' },
  fields: {
    deptName: { type: 'string', label: { zh: '机构名称', en: 'Name' }, required: { zh: '请输入机构名称', en: 'Please enter the name' }, maxLength: 45, search: 'like' },
    fullName: { type: 'string', label: { zh: '机构全称', en: 'Full name' }, required: { zh: '请输入机构全称', en: 'Please enter the full name' }, maxLength: 45, search: 'like' },
    // Chosen on the screen by adding a child under a row, so the form never shows it.
    parentId: { type: 'id', label: { zh: '上级机构', en: 'Parent' }, list: false, default: '0', writable: 'always', form: false },
    ancestors: { type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, maxLength: 2000, list: false, writable: 'never', form: false },
    deptCategory: { type: 'select', label: { zh: '机构类型', en: 'Category' }, dict: { code: 'org_category', numeric: true }, required: { zh: '请选择机构类型', en: 'Please choose the category' } },
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' }, required: { zh: '请输入排序', en: 'Please enter the order' }, min: 0, max: 99999 },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
  },
});

export default definePlugin({
  id: 'dept',
  name: { zh: '机构管理', en: 'Departments' },
  // The department category comes from the system dictionary `org_category`.
  requires: ['dict'],
  resources: [defineResource({ entity: deptEntity, menu: { parent: 'system', icon: 'branch', sort: 7 }, screen: () => import('./screens/DeptPage') })],
  messages: {
    zh: { dept: { title: '机构管理', addChild: '新增子项', parent: '上级机构', top: '顶级' } },
    en: { dept: { title: 'Departments', addChild: 'Add child', parent: 'Parent', top: 'Top level' } },
  },
});
