import { defineEntity } from '../schema/entity';

/** A definition exercising every part of the kit (used by the kit's tests only). */
export const bookEntity = defineEntity({
  name: 'book',
  table: 'demo_book',
  label: { zh: '图书', en: 'Book' },
  permission: 'book',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/demo/book', list: 'page', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  fields: {
    title: {
      type: 'string',
      label: { zh: '书名', en: 'Title' },
      required: { zh: '请输入书名', en: 'Please enter the title' },
      search: 'like',
      sortable: true,
    },
    isbn: { type: 'string', label: { zh: '书号', en: 'ISBN' }, required: { zh: '请输入书号', en: 'Please enter the ISBN' }, search: 'equal', editable: false },
    category: { type: 'select', label: { zh: '分类', en: 'Category' }, dict: { code: 'book_category' }, search: 'equal' },
    shelf: { type: 'select', label: { zh: '书架', en: 'Shelf' }, dict: { code: 'book_category' }, list: false },
    pages: { type: 'integer', label: { zh: '页数', en: 'Pages' }, min: 1, sortable: true },
    published: { type: 'date', label: { zh: '出版日期', en: 'Published' }, search: 'range' },
    lent: {
      type: 'switch',
      label: { zh: '借出', en: 'Lent' },
      options: [
        { value: 0, label: { zh: '否', en: 'No' } },
        { value: 1, label: { zh: '是', en: 'Yes' } },
      ],
      default: 0,
    },
    note: { type: 'text', label: { zh: '备注', en: 'Note' }, list: false },
  },
});
