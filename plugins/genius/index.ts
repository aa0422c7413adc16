import { definePlugin } from '../../core/sdk/shared';
import { articleResource } from './article';
import { geniusHomeCards, homeMessages } from './home';
import { orderMessages, orderResource } from './order';
import { GENIUS_CATEGORY_DICTIONARY, GENIUS_GROUP, geniusResource, profileMessages } from './profile';

/**
 * 达人管理: the geniuses whose services customers book, the orders of those services and their articles.
 * Each area (profile, order, article) keeps its entity, resource, screen and texts in its own folder;
 * this file only puts them together.
 */
export default definePlugin({
  id: 'genius',
  name: { zh: '达人管理', en: 'Geniuses' },
  requires: ['dict'],
  // The group's code is not `genius`: that is the genius list's own (the entity's permission code).
  menus: [{ code: GENIUS_GROUP, name: { zh: '达人管理', en: 'Geniuses' }, path: '/genius', icon: 'star', sort: 7, group: true, roles: ['user'], topMenu: 'top_mall' }],
  resources: [geniusResource, orderResource, articleResource],
  dictionaries: [GENIUS_CATEGORY_DICTIONARY],
  home: geniusHomeCards,
  messages: {
    zh: { genius: { profile: profileMessages.zh, order: orderMessages.zh, home: homeMessages.zh } },
    en: { genius: { profile: profileMessages.en, order: orderMessages.en, home: homeMessages.en } },
  },
});
