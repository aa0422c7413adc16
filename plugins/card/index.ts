import { definePlugin } from '../../core/sdk/shared';
import { albumMessages, albumResource, caseCategoryDictionary } from './album';
import { staffMessages, staffResource } from './staff';
import { systemStaffResource } from './system-staff';
import { companyMessages, companyResource, INDUSTRY_DICTIONARY } from './company';
import { festivalMessages, festivalResource } from './festival';

/**
 * 名片管理: what a company's staff keep on their digital business cards. Each area (company, staff, case
 * albums, festivals) keeps its entity, resource, screen and texts in its own folder; this file only puts
 * them together. The menus hang under the plugin's own group.
 */
export default definePlugin({
  id: 'card',
  name: { zh: '名片管理', en: 'Business cards' },
  requires: ['dict'],
  menus: [{ code: 'card', name: { zh: '名片管理', en: 'Business cards' }, path: '/card', icon: 'idcard', sort: 3, group: true, roles: ['user'] }],
  // The product's business in one top menu, before the workbench; plugins built on this one join it (`topMenu`).
  topMenus: [{ code: 'top_card', name: { zh: '名片业务', en: 'Cards' }, icon: 'idcard', sort: 0, menus: ['card'] }],
  resources: [
    companyResource,
    staffResource,
    systemStaffResource,
    albumResource,
    festivalResource,
  ],
  dictionaries: [INDUSTRY_DICTIONARY, caseCategoryDictionary],
  messages: {
    zh: { card: { album: albumMessages.zh, company: companyMessages.zh, festival: festivalMessages.zh, staff: staffMessages.zh } },
    en: { card: { album: albumMessages.en, company: companyMessages.en, festival: festivalMessages.en, staff: staffMessages.en } },
  },
});
