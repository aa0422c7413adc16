import { definePlugin } from '../../core/sdk/shared';

/** 系统监控: the logs the server writes (business events, every API call, every error), for administrators to read. */
export default definePlugin({
  id: 'log',
  name: { zh: '日志管理', en: 'Logs' },
  menus: [{ code: 'monitor', name: { zh: '系统监控', en: 'Monitoring' }, path: '/monitor', icon: 'desktop', sort: 95, group: true, topMenu: 'top_tools' }],
});
