import { definePlugin, defineResource } from '../../core/sdk/shared';
import { reportEntity } from './entity';
import { reportMessages } from './messages';

/** 报表管理: saved, parameterised, read-only queries over the tenant's own data, shown as a table and a chart. */
export default definePlugin({
  id: 'report',
  name: { zh: '报表管理', en: 'Reports' },
  menus: [{ code: 'report_manage', name: { zh: '报表管理', en: 'Reports' }, path: '/report', icon: 'layout', sort: 94, group: true, roles: ['user'], topMenu: 'top_tools' }],
  resources: [
    defineResource({
      entity: reportEntity,
      menu: { parent: 'report_manage', name: { zh: '报表列表', en: 'Report list' }, path: '/report/reportlist', icon: 'list', sort: 1 },
      // Writing a report is for administrators; the demo `user` role lists and runs them.
      grants: { user: ['view'] },
      screen: () => import('./screens/ReportListPage'),
    }),
  ],
  routes: [
    {
      path: '/report/run/:id',
      load: () => import('./screens/ReportRunPage'),
      meta: { title: { zh: '运行报表', en: 'Run report' } },
    },
  ],
  messages: { zh: { report: reportMessages.zh }, en: { report: reportMessages.en } },
});
