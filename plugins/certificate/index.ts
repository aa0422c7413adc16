import { definePlugin } from '../../core/sdk/shared';

/**
 * 证书管理: certificate orders, paid and refunded through the tenant's payment provider, shipped as
 * printed certificates, each with an A5 PDF file that a QR code verifies. The menus join the commerce top
 * menu when the mall plugin is installed.
 */
export default definePlugin({
  id: 'certificate',
  name: { zh: '证书管理', en: 'Certificates' },
  requires: ['dict'],
  menus: [{ code: 'certificate', name: { zh: '证书管理', en: 'Certificates' }, path: '/certificate', icon: 'trophy', sort: 6, group: true, roles: ['user'], topMenu: 'top_mall' }],
  resources: [],
  messages: {
    zh: { certificate: {} },
    en: { certificate: {} },
  },
});
