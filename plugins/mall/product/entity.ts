import { defineEntity, type DictionaryDecl, type Option } from '../../../core/sdk/shared';

/**
 * A product of the tenant's shop: what an order names (its name, price and cover are copied into the
 * order's items when ordered), its stock and what it sold. Prices are whole fen. `sales` is never
 * written by a save: the orders area raises it when an order is paid and lowers it on a refund.
 */

/** On sale / off sale, kept in the audit `status` column. */
export const ON_SALE = 1;
export const OFF_SALE = 2;
export const PRODUCT_STATUS_OPTIONS: Option[] = [
  { value: ON_SALE, label: { zh: '上架', en: 'On sale' }, color: 'green' },
  { value: OFF_SALE, label: { zh: '下架', en: 'Off sale' }, color: 'gray' },
];

/** The system dictionary of product categories (numeric keys), created by the dict plugin where missing. */
export const MALL_CATEGORY_DICTIONARY: DictionaryDecl = {
  code: 'mall_category',
  name: { zh: '商品分类', en: 'Product category' },
  items: [
    { key: '1', value: { zh: '数码', en: 'Digital' } },
    { key: '2', value: { zh: '家居', en: 'Home' } },
    { key: '3', value: { zh: '食品', en: 'Food' } },
    { key: '4', value: { zh: '服饰', en: 'Apparel' } },
    { key: '5', value: { zh: '文创', en: 'Stationery & gifts' } },
  ],
};

export const PRODUCT_NAME_MAX = 100;

export const productEntity = defineEntity({
  name: 'mall_product',
  table: 'mall_product',
  label: { zh: '商品', en: 'Product' },
  api: { base: '/api/mall/product', list: 'page', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'sort', order: 'asc' },
  fields: {
    cover: { type: 'image', label: { zh: '商品主图', en: 'Cover' }, width: 90 },
    name: { type: 'string', label: { zh: '商品名称', en: 'Name' }, required: true, maxLength: PRODUCT_NAME_MAX, search: 'like', sortable: true, width: 220 },
    category: { type: 'select', label: { zh: '商品分类', en: 'Category' }, dict: { code: MALL_CATEGORY_DICTIONARY.code, numeric: true }, search: 'equal', width: 120 },
    // Above zero: refused by the server's rules with a message of its own (the kit's minimum would name 1 fen).
    price: { type: 'money', label: { zh: '售价', en: 'Price' }, required: true, sortable: true, width: 120 },
    originalPrice: { type: 'money', label: { zh: '原价', en: 'Original price' }, width: 120 },
    // Stock, status, unit and sort take their default when a new product leaves them out, and are never
    // blanked afterwards (the server's rules).
    stock: { type: 'integer', label: { zh: '库存', en: 'Stock' }, min: 0, max: 99_999_999, default: 0, sortable: true, width: 130 },
    sales: { type: 'integer', label: { zh: '销量', en: 'Sales' }, writable: 'never', default: 0, sortable: true, form: { add: false, edit: true, view: true }, width: 100 },
    unit: { type: 'string', label: { zh: '单位', en: 'Unit' }, maxLength: 10, default: '件', list: false },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: PRODUCT_STATUS_OPTIONS, default: ON_SALE, search: 'equal', width: 100 },
    sort: { type: 'integer', label: { zh: '排序', en: 'Sort' }, min: 0, max: 99_999, default: 100, sortable: true, list: false },
    images: { type: 'images', label: { zh: '商品图片', en: 'Pictures' }, max: 9, list: false, span: 24 },
    description: { type: 'richtext', label: { zh: '商品详情', en: 'Description' }, maxLength: 20000, list: false, span: 24 },
  },
});

export type ProductEntity = typeof productEntity;
