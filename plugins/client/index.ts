import { definePlugin, defineResource } from '../../core/sdk/shared';
import { clientEntity } from './entities';
import { clientMessages } from './locales';

/**
 * OAuth clients (客户端管理): whose Basic credentials may mint tokens, with which grant types, for how
 * long. Global data: the super administrator only.
 */
export default definePlugin({
  id: 'client',
  name: { zh: '客户端管理', en: 'Clients' },
  resources: [
    defineResource({
      entity: clientEntity,
      menu: { parent: 'system', icon: 'desktop', sort: 12, administratorOnly: true },
      screen: () => import('./screens/ClientPage'),
    }),
  ],
  messages: clientMessages,
});
