import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

/**
 * OAuth clients (客户端管理, SPEC §1; bladex-contract §3.2 `blade_client`): whose Basic credentials may
 * mint tokens, with which grant types, for how long. Global data: the super administrator only.
 */
export const clientManifest: PluginManifest = {
  id: 'client',
  name: { zh: '客户端管理', en: 'Clients' },
  menus: [
    {
      code: 'client',
      parent: 'system',
      name: { zh: '客户端管理', en: 'Clients' },
      path: '/system/client',
      icon: 'desktop',
      sort: 12,
      administratorOnly: true,
      buttons: crudButtons('client'),
    },
  ],
};
