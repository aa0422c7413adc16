import { ancestorIds, findMenuItem, flattenLeaves, iframePath, isUrlPath, mapMenu } from './map';
import { openMenuItem } from './open';
import { permissionCodes } from './permission';
import type { MenuVO } from './types';

const zh = { language: 'zh' as const, roles: ['user'] };

const node = (patch: Partial<MenuVO> & { id: string; path: string }): MenuVO => ({ name: patch.id, ...patch });

describe('server menu → sidebar items', () => {
  it('takes the label from name, or nameEn in English when the server sent one', () => {
    const menu = [node({ id: 'a', name: '用户', nameEn: 'Users', path: '/system/user' }), node({ id: 'b', name: '角色', path: '/system/role' })];
    expect(mapMenu(menu, zh).map((m) => m.label)).toEqual(['用户', '角色']);
    expect(mapMenu(menu, { ...zh, language: 'en' }).map((m) => m.label)).toEqual(['Users', '角色']);
  });

  it('uses source as the icon, or the default icon', () => {
    const [a, b] = mapMenu([node({ id: 'a', path: '/a', source: 'home' }), node({ id: 'b', path: '/b', source: '  ' })], zh);
    expect(a!.icon).toBe('home');
    expect(b!.icon).toBe('menu');
  });

  it("appends '/index' to a top-level leaf only (not to URLs, children or paths that have it)", () => {
    const menu = mapMenu(
      [
        node({ id: 'wel', path: '/wel' }),
        node({ id: 'x', path: '/x/index' }),
        node({ id: 'desk', path: '/desk', children: [node({ id: 'notice', path: '/desk/notice' })] }),
        node({ id: 'url', path: 'https://example.com/a' }),
      ],
      zh,
    );
    expect(menu.map((m) => m.path)).toEqual(['/wel/index', '/x/index', '/desk', expect.stringMatching(/^\/myiframe\//)]);
    expect(menu[2]!.children[0]!.path).toBe('/desk/notice');
    expect(menu[2]!.children[0]!.children).toEqual([]);
  });

  it('shows html and http(s) paths through the iframe host, URL-encoded', () => {
    expect(isUrlPath('/about.html')).toBe(true);
    expect(isUrlPath('http://localhost/swagger-ui.html')).toBe(true);
    expect(isUrlPath('/system/user')).toBe(false);
    const [about, report] = mapMenu(
      [
        node({ id: 'about', name: '关于', path: '/about.html' }),
        node({ id: 'r', name: '报表 & 统计', path: 'http://host:8108/ureport/designer?a=1&b=2' }),
      ],
      zh,
    );
    expect(about!.path).toBe('/myiframe/about.html?name=%E5%85%B3%E4%BA%8E&src=%2Fabout.html');
    expect(about!.src).toBe('/about.html');
    expect(about!.external).toBe(false);
    const url = new URL(report!.path, 'http://app');
    expect(url.pathname).toBe('/myiframe/host-8108-ureport-designer');
    expect(url.searchParams.get('name')).toBe('报表 & 统计');
    expect(url.searchParams.get('src')).toBe('http://host:8108/ureport/designer?a=1&b=2');
    expect(iframePath('a', 'https://x.y/z')).toBe('/myiframe/x.y-z?name=a&src=https%3A%2F%2Fx.y%2Fz');
  });

  it('opens open-type 2 URL items in a new window', () => {
    const [docs] = mapMenu([node({ id: 'd', path: 'https://arco.design/react/docs/start', isOpen: 2 })], zh);
    expect(docs!.external).toBe(true);
    expect(docs!.path).toBe('https://arco.design/react/docs/start');
    const open = rs.spyOn(window, 'open').mockImplementation(() => null);
    const navigate = rs.fn();
    openMenuItem(docs!, navigate);
    expect(open).toHaveBeenCalledWith('https://arco.design/react/docs/start', '_blank', 'noopener,noreferrer');
    expect(navigate).not.toHaveBeenCalled();
    const [page] = mapMenu([node({ id: 'p', path: '/p' })], zh);
    openMenuItem(page!, navigate);
    expect(navigate).toHaveBeenCalledWith('/p/index');
    open.mockRestore();
  });

  it('hides items whose meta.roles exclude all of the user roles (and branches left empty)', () => {
    const menu = mapMenu(
      [
        node({ id: 'open', path: '/open' }),
        node({ id: 'empty-roles', path: '/e', meta: { roles: [] } }),
        node({ id: 'admin', path: '/admin', meta: { roles: ['administrator'] } }),
        node({ id: 'mine', path: '/mine', meta: { roles: ['administrator', 'user'] } }),
        node({ id: 'branch', path: '/branch', children: [node({ id: 'hidden', path: '/branch/h', meta: { roles: ['admin'] } })] }),
      ],
      zh,
    );
    expect(menu.map((m) => m.id)).toEqual(['open', 'empty-roles', 'mine']);
  });

  it('flattens leaves, finds the item of a location and its branch', () => {
    const menu = mapMenu(
      [
        node({ id: 'wel', path: '/wel' }),
        node({ id: 'desk', path: '/desk', children: [node({ id: 'test', path: '/test/index' }), node({ id: 'about', name: '关于', path: '/about.html' })] }),
      ],
      zh,
    );
    expect(flattenLeaves(menu).map((m) => m.id)).toEqual(['wel', 'test', 'about']);
    expect(findMenuItem(menu, '/wel/index')?.id).toBe('wel');
    expect(findMenuItem(menu, '/myiframe/about.html', '?name=x&src=%2Fabout.html')?.id).toBe('about');
    expect(findMenuItem(menu, '/nope')).toBeUndefined();
    expect(ancestorIds(menu, 'test')).toEqual(['desk']);
    expect(ancestorIds(menu, 'wel')).toEqual([]);
  });
});

describe('button tree → permission codes', () => {
  it('takes the codes of the leaves', () => {
    const tree: MenuVO[] = [
      node({
        id: '1',
        code: 'notice',
        path: '/desk/notice',
        children: [node({ id: '2', code: 'notice_add', path: '' }), node({ id: '3', code: 'notice_edit', path: '', children: [] })],
      }),
      node({ id: '4', code: 'param', path: '/system/param', children: [node({ id: '5', code: 'param_delete', path: '' })] }),
    ];
    expect([...permissionCodes(tree)].sort()).toEqual(['notice_add', 'notice_edit', 'param_delete']);
    expect(permissionCodes(null).size).toBe(0);
  });
});
