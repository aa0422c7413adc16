import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

/**
 * Menus (菜单管理, SPEC §7): the menu and button table every tenant shares, so the screen and its buttons
 * are the super administrator's only (a tenant's own `admin` never sees them, whatever was granted).
 */
export const menuManifest: PluginManifest = {
  id: 'menu',
  name: { zh: '菜单管理', en: 'Menus' },
  menus: [
    {
      code: 'menu',
      parent: 'system',
      name: { zh: '菜单管理', en: 'Menus' },
      path: '/system/menu',
      icon: 'menu',
      sort: 4,
      administratorOnly: true,
      buttons: crudButtons('menu').map((button) => ({ ...button, administratorOnly: true })),
    },
  ],
};
