import { definePlugin, defineResource } from '../../core/sdk/shared';
import { apiLogEntity, errorLogEntity, usualLogEntity } from './entities';
import { logMessages } from './messages';

export { apiLogEntity, errorLogEntity, usualLogEntity } from './entities';

/** The button of the error log that records a test error (an end-to-end check of error logging). */
export const TEST_ERROR_BUTTON = 'log_error_test';

/**
 * 系统监控: the logs the server writes (business events, every API call, every error), for administrators
 * to read. No demo role is granted them: a tenant's administrator reads the tenant's logs, the super
 * administrator any tenant's, one tenant at a time (the lists stay on the per-tenant time indexes).
 */
export default definePlugin({
  id: 'log',
  name: { zh: '日志管理', en: 'Logs' },
  menus: [{ code: 'monitor', name: { zh: '系统监控', en: 'Monitoring' }, path: '/monitor', icon: 'desktop', sort: 95, group: true, topMenu: 'top_tools' }],
  resources: [
    defineResource({
      entity: usualLogEntity,
      menu: { parent: 'monitor', name: { zh: '通用日志', en: 'Event log' }, path: '/monitor/log/usual', icon: 'file', sort: 1 },
      actions: ['view'],
      screen: () => import('./screens/UsualLogPage'),
    }),
    defineResource({
      entity: apiLogEntity,
      menu: { parent: 'monitor', name: { zh: 'API日志', en: 'API log' }, path: '/monitor/log/api', icon: 'code', sort: 2 },
      actions: ['view'],
      screen: () => import('./screens/ApiLogPage'),
    }),
    defineResource({
      entity: errorLogEntity,
      menu: { parent: 'monitor', name: { zh: '错误日志', en: 'Error log' }, path: '/monitor/log/error', icon: 'bug', sort: 3 },
      actions: ['view'],
      buttons: [{ code: TEST_ERROR_BUTTON, name: { zh: '记录测试错误', en: 'Record a test error' }, alias: 'test', icon: 'bug', sort: 5, action: 1 }],
      screen: () => import('./screens/ErrorLogPage'),
    }),
  ],
  messages: { zh: { log: logMessages.zh }, en: { log: logMessages.en } },
});
