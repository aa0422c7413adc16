import { defineEntity, definePlugin, defineResource } from '../../core/sdk/shared';

/** A note: the one resource of the worked example. The list screen, the table, the validation and the
 * filters all come from this definition. */
export const noteEntity = defineEntity({
  name: 'note',
  label: { zh: '便签', en: 'Note' },
  api: { base: '/api/blade-desk/note', list: 'page' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true, maxLength: 64, search: 'like', sortable: true },
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

export default definePlugin({
  id: 'notes',
  name: { zh: '便签', en: 'Notes' },
  resources: [
    defineResource({
      entity: noteEntity,
      menu: { parent: 'system', icon: 'file', sort: 20 },
      // The demo role `user` may read and add notes; `administrator` always has everything.
      grants: { user: ['view', 'add'] },
      screen: () => import('./screens/NotesPage'),
    }),
  ],
  messages: { zh: { notes: { pinnedOnly: '只看置顶' } }, en: { notes: { pinnedOnly: 'Pinned only' } } },
});
