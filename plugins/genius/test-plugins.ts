import type { ServerPlugin } from '../../core/sdk/server';

/**
 * The commerce top menu the genius group joins, as the mall plugin declares it: a stand-in, so that the
 * genius plugin's server tests run without the mall, which it does not need.
 */
export const commerceTopMenu: ServerPlugin = {
  manifest: { id: 'mall', name: { zh: '商城管理', en: 'Mall' }, topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, icon: 'shop', sort: 0, menus: [] }] },
};
