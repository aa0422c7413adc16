import { definePlugin } from '../../core/sdk/shared';
import { fileMessages } from './file/messages';
import { certificateHomeCards, homeMessages } from './home';
import { CERTIFICATE_TYPE_DICTIONARY, certificateOrderResource, orderMessages } from './order';
import { payMessages, settingMenu, settingRoute } from './pay';

/**
 * 证书管理: certificate orders, paid and refunded through the tenant's payment provider, shipped as
 * printed certificates, each with an A5 PDF file that a QR code verifies. The menus join the commerce top
 * menu when the mall plugin is installed.
 */
export default definePlugin({
  id: 'certificate',
  name: { zh: '证书管理', en: 'Certificates' },
  requires: ['dict'],
  menus: [{ code: 'certificate', name: { zh: '证书管理', en: 'Certificates' }, path: '/certificate', icon: 'trophy', sort: 6, group: true, roles: ['user'], topMenu: 'top_mall' }, settingMenu],
  routes: [settingRoute],
  resources: [certificateOrderResource],
  dictionaries: [CERTIFICATE_TYPE_DICTIONARY],
  home: certificateHomeCards,
  messages: {
    zh: { certificate: { order: orderMessages.zh, home: homeMessages.zh, file: fileMessages.zh, pay: payMessages.zh } },
    en: { certificate: { order: orderMessages.en, home: homeMessages.en, file: fileMessages.en, pay: payMessages.en } },
  },
});
