import { afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { setTestSite } from '../../testing/site';
import { http, type R } from '../../http';
import { i18n } from '../../i18n';
import { session, type UserInfo } from '../../session/session';
import { tabs } from '../../tabs/tabs';
import { preferences } from '../preferences';
import { LOCK_REDIRECT_DELAY, LockButton } from './LockButton';
import { TopBar } from './TopBar';

const ok = <T,>(data: T): R<T> => ({ code: 200, success: true, data, msg: '' });
const user = { user_id: '1', user_name: 'admin', nick_name: 'Boss', real_name: 'Admin', role_name: 'administrator', avatar: '', account: 'admin', tenant_id: '000000', oauth_id: '', dept_id: '' } satisfies UserInfo;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

beforeAll(() => {
  setTestSite();
  preferences.restore();
  preferences.setScreenWidth(1400);
  runInAction(() => {
    session.userInfo = user;
    session.topMenus = [{ id: 't1', code: 'top_desk', name: '工作台', nameEn: 'Workbench', source: 'dashboard', sort: 1 }];
  });
});
afterEach(() => {
  rs.useRealTimers();
  rs.restoreAllMocks();
});

describe('TopBar', () => {
  it('shows the top menu, the tools and the user', () => {
    render(<MemoryRouter><TopBar /></MemoryRouter>);
    for (const name of ['首页', '工作台', '菜单搜索', '主题色', '锁屏', '主题', '语言', '全屏']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByText('Boss')).toBeTruthy();
  });

  it('loads the chosen top menu and marks it active', async () => {
    const load = rs.spyOn(http, 'get').mockResolvedValue(ok([]));
    render(<MemoryRouter><TopBar /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: '工作台' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/api/blade-system/menu/routes', { params: { topMenuId: 't1' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: '工作台' }).getAttribute('aria-current')).toBe('page'));
    fireEvent.click(screen.getByRole('button', { name: '首页' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '首页' }).getAttribute('aria-current')).toBe('page'));
  });

  it('with the whole menu in the sidebar, marks the top menu of the page shown; home on the home page', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok([]));
    const topMenus = session.topMenus;
    runInAction(() => {
      session.topMenuId = null;
      session.rawMenu = [{ id: 'g', name: '名片管理', path: '/card', children: [{ id: 'm1', name: '公司信息', path: '/card/company' }] }];
      session.topMenus = [...topMenus, { id: 't2', code: 'top_card', name: '名片业务', nameEn: 'Cards', source: 'idcard', sort: 0, menuIds: ['g', 'm1'] }];
    });
    try {
      const { unmount } = render(<MemoryRouter initialEntries={['/card/company']}><TopBar /></MemoryRouter>);
      expect(screen.getByRole('button', { name: '名片业务' }).getAttribute('aria-current')).toBe('page');
      expect(screen.getByRole('button', { name: '首页' }).getAttribute('aria-current')).toBeNull();
      unmount();
      render(<MemoryRouter initialEntries={['/wel/index']}><TopBar /></MemoryRouter>);
      expect(screen.getByRole('button', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    } finally {
      runInAction(() => {
        session.rawMenu = [];
        session.topMenus = topMenus;
      });
    }
  });

  it('on a page no menu lists, marks the top menu of the page it was opened from, else none (never home)', async () => {
    rs.spyOn(http, 'get').mockResolvedValue(ok([]));
    const topMenus = session.topMenus;
    runInAction(() => {
      session.topMenuId = null;
      session.rawMenu = [{ id: 'g', name: '名片管理', path: '/card', children: [{ id: 'm1', name: '公司信息', path: '/card/company' }] }];
      session.topMenus = [...topMenus, { id: 't2', code: 'top_card', name: '名片业务', nameEn: 'Cards', source: 'idcard', sort: 0, menuIds: ['g', 'm1'] }];
    });
    const marked = () => screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'page').map((b) => b.textContent);
    try {
      // Opened from nowhere known (an address typed in): nothing marked.
      const { unmount } = render(<MemoryRouter initialEntries={['/card/company/edit/9']}><TopBar /></MemoryRouter>);
      expect(marked()).toEqual([]);
      unmount();
      // Its tab says it was opened from 公司信息: that page's top menu.
      tabs.open({ label: '编辑', value: '/card/company/edit/9', params: {}, query: {}, meta: {}, group: [], close: true, menuId: 'm1' });
      render(<MemoryRouter initialEntries={['/card/company/edit/9']}><TopBar /></MemoryRouter>);
      expect(marked()).toEqual(['名片业务']);
    } finally {
      tabs.reset();
      runInAction(() => {
        session.rawMenu = [];
        session.topMenus = topMenus;
      });
    }
  });

  it('switches theme from the theme menu and language from the language menu', async () => {
    render(<MemoryRouter><TopBar /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: '主题' }));
    fireEvent.click(await screen.findByText('黑色主题'));
    expect(document.body.classList.contains('theme-dark')).toBe(true);
    expect(document.body.getAttribute('arco-theme')).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: '语言' }));
    const zhItem = (await screen.findByText('中文')).closest('[role=menuitem]');
    expect(zhItem?.className).toContain('disabled');
    fireEvent.click(screen.getByText('English'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(await screen.findByRole('button', { name: 'Search menu' })).toBeTruthy();
    act(() => {
      preferences.setLanguage('zh');
      preferences.setTheme('theme-default');
    });
  });

  it('opens the menu search from its button', () => {
    render(<MemoryRouter><TopBar /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: '菜单搜索' }));
    expect(preferences.searchOpen).toBe(true);
    act(() => preferences.closeSearch());
  });

  it('hides the top menu and some tools on a narrow screen', () => {
    act(() => preferences.setScreenWidth(600));
    render(<MemoryRouter><TopBar /></MemoryRouter>);
    expect(screen.queryByRole('button', { name: '工作台' })).toBeNull();
    expect(screen.queryByRole('button', { name: '全屏' })).toBeNull();
    expect(screen.getByRole('button', { name: '锁屏' })).toBeTruthy();
    act(() => preferences.setScreenWidth(1400));
  });
});

describe('LockButton', () => {
  it('requires a password, then locks and opens the lock page 100 ms later', async () => {
    render(
      <MemoryRouter initialEntries={['/wel/index']}>
        <LockButton />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: '锁屏' }));
    await screen.findByText('设置锁屏密码');
    const ok = document.querySelector('.arco-modal-footer .arco-btn-primary') as HTMLButtonElement;
    fireEvent.click(ok);
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(session.isLock).toBe(false);

    fireEvent.change(screen.getByPlaceholderText('请输入锁屏密码'), { target: { value: 'pw' } });
    // The delay is counted on the test's clock, which moves only when the test says (rs.waitFor polls on
    // the real one): nothing passes it while the machine is busy.
    rs.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(ok);
    await rs.waitFor(() => expect(session.isLock).toBe(true), { timeout: 5_000 });
    expect(screen.getByTestId('where').textContent).toBe('/wel/index');
    act(() => void rs.advanceTimersByTime(LOCK_REDIRECT_DELAY - 1));
    expect(screen.getByTestId('where').textContent).toBe('/wel/index');
    act(() => void rs.advanceTimersByTime(1));
    expect(screen.getByTestId('where').textContent).toBe('/lock');
    rs.useRealTimers();
    expect(await session.unlock('pw')).toBe(true);
  });
});
