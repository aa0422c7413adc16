import { defineEntity } from '../../core/schema/entity';

/** A note: the one resource of the worked example. The browser's list screen and the server's table,
 * validation and filters all come from this definition. */
export const noteEntity = defineEntity({
  name: 'note',
  table: 'blade_note',
  label: { zh: '便签', en: 'Note' },
  permission: 'notes',
  tenant: true,
  audit: true,
  logicalDelete: true,
  api: { base: '/api/blade-desk/note', list: 'page', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  fields: {
    title: {
      type: 'string',
      label: { zh: '标题', en: 'Title' },
      required: { zh: '请输入标题', en: 'Please enter the title' },
      maxLength: 64,
      search: 'like',
      sortable: true,
    },
    content: { type: 'text', label: { zh: '内容', en: 'Content' }, maxLength: 2000 },
    category: {
      type: 'select',
      label: { zh: '分类', en: 'Category' },
      options: [
        { value: 'work', label: { zh: '工作', en: 'Work' } },
        { value: 'life', label: { zh: '生活', en: 'Life' } },
        { value: 'idea', label: { zh: '想法', en: 'Idea' } },
      ],
      default: 'work',
      search: 'equal',
    },
    pinned: {
      type: 'switch',
      label: { zh: '置顶', en: 'Pinned' },
      options: [
        { value: 0, label: { zh: '否', en: 'No' } },
        { value: 1, label: { zh: '是', en: 'Yes' } },
      ],
      default: 0,
      // Not in the search form, but the screen's "pinned only" switch filters with pinned_equal=1.
      filters: ['equal'],
    },
  },
});
