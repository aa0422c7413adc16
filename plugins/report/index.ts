import { definePlugin } from '../../core/sdk/shared';

/** 报表管理: saved, parameterised, read-only queries over the tenant's own data, shown as a table and a chart. */
export default definePlugin({
  id: 'report',
  name: { zh: '报表管理', en: 'Reports' },
  menus: [{ code: 'report_manage', name: { zh: '报表管理', en: 'Reports' }, path: '/report', icon: 'layout', sort: 94, group: true, topMenu: 'top_tools' }],
});
