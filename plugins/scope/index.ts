import { definePlugin } from '../../core/sdk/shared';
import { apiScopeEntity, dataScopeEntity } from './entities';
import { scopeMessages } from './locales';
import { scopeManifest } from './manifest';

/** Data scopes and API scopes: the menus, each with the scopes attached to it in a drawer. */
export const scopePlugin = definePlugin({
  ...scopeManifest,
  entities: [dataScopeEntity, apiScopeEntity],
  messages: scopeMessages,
  routes: [
    {
      path: '/authority/datascope',
      load: () => import('./screens/ScopeScreen').then((m) => ({ default: m.DataScopePage })),
      meta: { title: { zh: '数据权限', en: 'Data scopes' } },
    },
    {
      path: '/authority/apiscope',
      load: () => import('./screens/ScopeScreen').then((m) => ({ default: m.ApiScopePage })),
      meta: { title: { zh: '接口权限', en: 'API scopes' } },
    },
  ],
});

export default scopePlugin;
