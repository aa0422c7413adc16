import type { MenuItem } from '../../menu';
import { homeShortcuts } from './shortcuts';

const item = (id: string, label: string, path: string, children: MenuItem[] = [], external = false): MenuItem => ({
  id,
  label,
  path,
  icon: 'menu',
  children,
  meta: {},
  external,
  isOpen: external ? 2 : 1,
});

const menu: MenuItem[] = [
  item('wel', '首页', '/wel/index'),
  item('desk', '工作台', '/desk', [item('info', '个人信息', '/info/index')]),
  item('card', '名片管理', '/card', [item('company', '公司信息', '/card/company'), item('staff', '员工信息', '/card/staff')]),
  item('tools', '系统工具', '/tools', [item('docs', 'Arco 文档', 'https://arco.design/react/docs/start', [], true), item('about', '关于产品', '/myiframe/about.html?src=%2Fabout.html')]),
];

describe('home shortcuts', () => {
  it('are the leaves in menu order with the name of the menu they sit under, without the pages the home links to', () => {
    const shortcuts = homeShortcuts(menu, ['/wel/index', '/info/index'], 8);
    expect(shortcuts.map((s) => [s.item.label, s.group])).toEqual([
      ['公司信息', '名片管理'],
      ['员工信息', '名片管理'],
      ['Arco 文档', '系统工具'],
      ['关于产品', '系统工具'],
    ]);
  });

  it('stop at the limit; a top-level leaf has no group', () => {
    expect(homeShortcuts(menu, [], 2).map((s) => [s.item.label, s.group])).toEqual([
      ['首页', null],
      ['个人信息', '工作台'],
    ]);
    expect(homeShortcuts([], [], 8)).toEqual([]);
  });
});
