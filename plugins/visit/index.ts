import { definePlugin } from '../../core/sdk/shared';
import { recordsMessages, recordsResource } from './records';
import { attachMessages, attachResource } from './attach';
import { chartMenu, chartMessages, chartRoute } from './chart';
import { homeMessages, visitHomeCards } from './home';

/**
 * 访客管理: who visited whose card, the attachments visitors ask to see and their grants, and how the
 * cards perform. Staff and companies are the card plugin's: read through its API.
 */
export default definePlugin({
  id: 'visit',
  name: { zh: '访客管理', en: 'Visitors' },
  requires: ['card'],
  menus: [{ code: 'visit', name: { zh: '访客管理', en: 'Visitors' }, path: '/visit', icon: 'user-group', sort: 4, group: true, roles: ['user'], topMenu: 'top_card' }, chartMenu],
  routes: [chartRoute],
  home: visitHomeCards,
  resources: [
    recordsResource,
    attachResource,
  ],
  messages: {
    zh: { visit: { records: recordsMessages.zh, attach: attachMessages.zh, chart: chartMessages.zh, home: homeMessages.zh } },
    en: { visit: { records: recordsMessages.en, attach: attachMessages.en, chart: chartMessages.en, home: homeMessages.en } },
  },
});
