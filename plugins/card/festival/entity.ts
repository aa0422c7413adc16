import { defineEntity, type Option } from '../../../core/sdk/shared';
import { ENABLED, STATUS_OPTIONS } from '../company/entity';
import { MONTH_DAY_PATTERN } from './dates';

/**
 * A festival: a month-day that comes back every year, with the greeting and poster the cards of the
 * companies it applies to show on that day. Two enabled festivals may not fall on the same day for the
 * same company (the server checks it). The list shows when each falls next (`nextDate`, `daysUntil`) and
 * which companies a festival names (`companyNames`), computed when read.
 */

export const ALL_COMPANIES = 1;
export const CHOSEN_COMPANIES = 2;
export const SCOPE_OPTIONS: Option[] = [
  { value: ALL_COMPANIES, label: { zh: '全部公司', en: 'All companies' } },
  { value: CHOSEN_COMPANIES, label: { zh: '指定公司', en: 'Chosen companies' } },
];

/** Comma-joined ids, as BladeX stores a multiple choice. */
const ID_LIST = '^\\d{1,19}(,\\d{1,19})*$';

export const festivalEntity = defineEntity({
  name: 'festival',
  label: { zh: '节日', en: 'Festival' },
  api: { base: '/api/festival', list: 'page', save: 'save-update' },
  sort: { field: 'date', order: 'asc' },
  fields: {
    poster: { type: 'image', label: { zh: '节日海报', en: 'Poster' }, width: 90 },
    name: { type: 'string', label: { zh: '节日名称', en: 'Name' }, required: true, maxLength: 50, search: 'like', sortable: true, width: 180 },
    date: {
      type: 'string',
      label: { zh: '节日日期', en: 'Date' },
      required: { zh: '请选择节日日期', en: 'Please choose the date' },
      // Room for what a client may send by mistake (a full date), so that the answer names the rule.
      maxLength: 10,
      pattern: { source: MONTH_DAY_PATTERN, message: { zh: '节日日期须为有效的月-日，如 01-01', en: 'The date must be a real month and day, such as 01-01' } },
      sortable: true,
      filters: ['equal'],
      // The next date shows it in the list.
      list: false,
    },
    nextDate: { type: 'string', label: { zh: '下次日期', en: 'Next date' }, virtual: true, form: false, width: 130 },
    daysUntil: { type: 'integer', label: { zh: '距今天数', en: 'Days until' }, virtual: true, form: false, width: 130 },
    greeting: { type: 'text', label: { zh: '祝福语', en: 'Greeting' }, maxLength: 500, width: 170 },
    scope: { type: 'select', label: { zh: '适用范围', en: 'Scope' }, options: SCOPE_OPTIONS, default: ALL_COMPANIES, search: 'equal', width: 150 },
    companyIds: {
      type: 'string',
      label: { zh: '适用公司', en: 'Companies' },
      maxLength: 2000,
      pattern: { source: ID_LIST, message: { zh: '适用公司格式不正确', en: 'The companies are not valid' } },
      list: false,
      span: 24,
    },
    companyNames: { type: 'string', label: { zh: '适用公司', en: 'Companies' }, virtual: true, form: false, list: false },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: STATUS_OPTIONS, default: ENABLED, search: 'equal', width: 100 },
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' }, min: 0, max: 9999, default: 1, list: false },
  },
});
