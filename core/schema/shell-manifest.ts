import type { PluginManifest } from './manifest';

/**
 * The shell's own menus and buttons, declared like any plugin's. The seed grants the `user` role what
 * lists it in `roles`; `administrator` gets everything.
 */
export const shellManifest: PluginManifest = {
  id: 'shell',
  name: { zh: '基础外壳', en: 'Shell' },
  menus: [
    // A top-level leaf: the menu mapping serves it at /wel/index.
    { code: 'wel', name: { zh: '首页', en: 'Home' }, path: '/wel', icon: 'home', sort: 1, roles: ['user'] },
    {
      code: 'desk',
      name: { zh: '工作台', en: 'Workbench' },
      path: '/desk',
      icon: 'dashboard',
      sort: 2,
      roles: ['user'],
      children: [{ code: 'info', name: { zh: '个人信息', en: 'Personal info' }, path: '/info/index', icon: 'user', sort: 2, roles: ['user'] }],
    },
    // Groups that plugins attach their menus to (`parent: 'system'`); hidden while empty.
    { code: 'system', name: { zh: '系统管理', en: 'System' }, path: '/system', icon: 'settings', sort: 99, group: true },
    { code: 'authority', name: { zh: '权限管理', en: 'Authority' }, path: '/authority', icon: 'safe', sort: 98, group: true },
    { code: 'base', name: { zh: '基础配置', en: 'Basics' }, path: '/base', icon: 'apps', sort: 97, group: true },
    // Developer demos (the permission map, the iframe host, an external link): their routes stay, but only
    // the super administrator is shown them; a business user's menu holds business. A group, so that it
    // disappears for everyone else while no plugin attaches a screen of theirs to it.
    {
      code: 'tools',
      name: { zh: '系统工具', en: 'System tools' },
      path: '/tools',
      icon: 'tool',
      sort: 90,
      group: true,
      children: [
        {
          code: 'test',
          name: { zh: '测试页', en: 'Test page' },
          path: '/test/index',
          icon: 'experiment',
          sort: 0,
          administratorOnly: true,
          buttons: [
            { code: 'test_add', name: { zh: '新增', en: 'Add' }, alias: 'add', icon: 'plus', sort: 1, action: 1 },
            { code: 'test_edit', name: { zh: '修改', en: 'Edit' }, alias: 'edit', icon: 'edit', sort: 2, action: 2 },
            { code: 'test_delete', name: { zh: '删除', en: 'Delete' }, alias: 'delete', icon: 'delete', sort: 3, action: 3 },
            { code: 'test_view', name: { zh: '查看', en: 'View' }, alias: 'view', icon: 'eye', sort: 4, action: 2 },
          ],
        },
        // A path containing html: shown through the iframe host.
        { code: 'about', name: { zh: '关于产品', en: 'About' }, path: '/about.html', icon: 'info-circle', sort: 1, administratorOnly: true },
        // A URL with open-type 2: opens in a new window.
        {
          code: 'arco_docs',
          name: { zh: 'Arco 文档', en: 'Arco docs' },
          path: 'https://arco.design/react/docs/start',
          icon: 'link',
          sort: 2,
          isOpen: 2,
          administratorOnly: true,
        },
      ],
    },
  ],
  topMenus: [
    { code: 'top_desk', name: { zh: '工作台', en: 'Workbench' }, icon: 'dashboard', sort: 1, menus: ['wel', 'desk', 'info'] },
    { code: 'top_tools', name: { zh: '系统工具', en: 'System tools' }, icon: 'tool', sort: 2, menus: ['tools', 'test', 'about', 'arco_docs', 'system', 'authority', 'base'] },
  ],
};
