import { definePlugin } from '../../core/sdk/shared';

/** 达人管理: the geniuses whose services customers book, the orders of those services and their articles. */
export default definePlugin({
  id: 'genius',
  name: { zh: '达人管理', en: 'Geniuses' },
  requires: ['dict'],
  menus: [{ code: 'genius', name: { zh: '达人管理', en: 'Geniuses' }, path: '/genius', icon: 'star', sort: 7, group: true, roles: ['user'], topMenu: 'top_mall' }],
  resources: [],
  messages: {
    zh: { genius: {} },
    en: { genius: {} },
  },
});
