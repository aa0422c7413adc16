import { defineEntity } from '../../core/sdk/shared';
import { SQL_MAX, TIMEOUT_MAX, TIMEOUT_MIN } from './declaration';

/** The permission codes: the menu and its buttons (the engine's four), running with the view button. */
export const REPORT_CODE = { menu: 'report', view: 'report_view', add: 'report_add', edit: 'report_edit', remove: 'report_delete' } as const;

export const REPORT_ENABLED = 1;
export const REPORT_DISABLED = 2;

/**
 * A report: a saved, parameterised, read-only query over the tenant's own data, with the declarations
 * of its parameters, columns and chart (JSON text, checked by the server on every save).
 */
export const reportEntity = defineEntity({
  name: 'report',
  label: { zh: '报表', en: 'Report' },
  api: { base: '/api/blade-report/report/rest', list: 'list' },
  sort: { field: 'updateTime', order: 'desc' },
  unique: [{ fields: ['name'], message: { zh: '报表名称已存在', en: 'A report of this name exists' } }],
  fields: {
    name: { type: 'string', label: { zh: '报表名称', en: 'Name' }, required: true, maxLength: 64, search: 'like', sortable: true },
    category: { type: 'string', label: { zh: '分类', en: 'Category' }, maxLength: 32, search: 'equal', width: 120 },
    description: { type: 'text', label: { zh: '说明', en: 'Description' }, maxLength: 500 },
    sql: { type: 'text', label: { zh: 'SQL', en: 'SQL' }, required: true, maxLength: SQL_MAX, list: false },
    params: { type: 'text', label: { zh: '参数', en: 'Parameters' }, maxLength: 8000, list: false },
    columns: { type: 'text', label: { zh: '列', en: 'Columns' }, maxLength: 8000, list: false },
    chart: { type: 'text', label: { zh: '图表', en: 'Chart' }, maxLength: 2000, list: false },
    timeoutMs: { type: 'integer', label: { zh: '超时（毫秒）', en: 'Time-out (ms)' }, min: TIMEOUT_MIN, max: TIMEOUT_MAX, default: 5000, list: false },
    // The audit column's time, shown in the list (the engine keeps update_time; a field may not claim it).
    updatedAt: { type: 'datetime', label: { zh: '更新时间', en: 'Updated' }, virtual: true, form: false, width: 170 },
    status: {
      type: 'select',
      label: { zh: '状态', en: 'Status' },
      options: [
        { value: 1, label: { zh: '启用', en: 'Enabled' }, color: 'green' },
        { value: 2, label: { zh: '停用', en: 'Disabled' }, color: 'gray' },
      ],
      default: 1,
      search: 'equal',
      width: 90,
    },
  },
});
