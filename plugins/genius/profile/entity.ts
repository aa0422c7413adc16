import { defineEntity, type DictionaryDecl, type FieldRule, type Option } from '../../../core/sdk/shared';

/**
 * A genius: an expert whose service customers book (a designer, a photographer, a lawyer…), with the
 * price of that service in fen. Only listed geniuses can be booked; `orderCount` counts their paid
 * orders (raised when an order is paid, lowered when it is refunded) and is never written by a client.
 */

/** The plugin's menu group 达人管理 (its screens hang under it). */
export const GENIUS_GROUP = 'genius_manage';

export const LISTED = 1;
export const UNLISTED = 2;
export const GENIUS_STATUS_OPTIONS: Option[] = [
  { value: LISTED, label: { zh: '上架', en: 'Listed' }, color: 'green' },
  { value: UNLISTED, label: { zh: '下架', en: 'Unlisted' }, color: 'gray' },
];

export const GENIUS_CATEGORY_DICTIONARY: DictionaryDecl = {
  code: 'genius_category',
  name: { zh: '达人分类', en: 'Genius category' },
  items: [
    { key: '1', value: { zh: '设计', en: 'Design' } },
    { key: '2', value: { zh: '摄影', en: 'Photography' } },
    { key: '3', value: { zh: '营销', en: 'Marketing' } },
    { key: '4', value: { zh: '法律', en: 'Legal' } },
    { key: '5', value: { zh: '财税', en: 'Tax & finance' } },
  ],
};

/** The geniuses as choices of the order and article forms (names and prices, any member of the tenant). */
export const GENIUS_CHOICES_URL = '/api/genius/select';

export const MAX_TAGS = 8;
export const MAX_TAG_LENGTH = 10;

/** Tags are stored comma-joined: at most eight, judged before the length of each. */
export const TAG_RULES: readonly FieldRule[] = [
  { source: `^[^,]*(,[^,]*){0,${MAX_TAGS - 1}}$`, message: { zh: `标签最多 ${MAX_TAGS} 个`, en: `At most ${MAX_TAGS} tags` } },
  { source: `^[^,]{1,${MAX_TAG_LENGTH}}(,[^,]{1,${MAX_TAG_LENGTH}})*$`, message: { zh: `每个标签不超过 ${MAX_TAG_LENGTH} 个字`, en: `Each tag has at most ${MAX_TAG_LENGTH} characters` } },
];

export const geniusEntity = defineEntity({
  name: 'genius',
  table: 'genius',
  label: { zh: '达人', en: 'Genius' },
  api: { base: '/api/genius', list: 'list', save: 'save-update', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'sort', order: 'asc' },
  fields: {
    avatar: { type: 'image', label: { zh: '头像', en: 'Avatar' }, width: 80 },
    name: { type: 'string', label: { zh: '达人名称', en: 'Name' }, required: true, maxLength: 50, search: 'like', sortable: true, width: 130 },
    category: { type: 'select', label: { zh: '达人分类', en: 'Category' }, dict: { code: GENIUS_CATEGORY_DICTIONARY.code, numeric: true }, search: 'equal', width: 110 },
    title: { type: 'string', label: { zh: '头衔', en: 'Title' }, maxLength: 50, width: 160 },
    // Room for eight tags of ten characters and their commas: the rules, not the length, say what is wrong.
    tags: { type: 'string', label: { zh: '标签', en: 'Tags' }, maxLength: 200, pattern: TAG_RULES, width: 220 },
    servicePrice: { type: 'money', label: { zh: '服务价格', en: 'Service price' }, required: true, min: 1, sortable: true, width: 120 },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: GENIUS_STATUS_OPTIONS, default: LISTED, search: 'equal', width: 90 },
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' }, min: 0, max: 9999, default: 1, sortable: true },
    orderCount: { type: 'integer', label: { zh: '订单数', en: 'Orders' }, writable: 'never', form: { add: false, edit: false, view: true }, sortable: true },
    introduction: { type: 'text', label: { zh: '达人简介', en: 'Introduction' }, maxLength: 2000, list: false },
  },
});
