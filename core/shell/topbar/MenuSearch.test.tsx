import { afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { setTestSite } from '../../testing/site';
import { flattenLeaves, type MenuItem, type MenuVO } from '../../menu';
import { session } from '../../session/session';
import { preferences } from '../preferences';
import { MenuSearch, filterMenu } from './MenuSearch';

const leaf = (id: string, name: string, path: string): MenuVO => ({ id, name, path, source: 'menu' });
const serverMenu: MenuVO[] = [
  leaf('1', 'Home', '/wel'),
  { id: '2', name: 'System', path: '/system', children: [leaf('21', 'Users', '/system/user'), leaf('22', 'user roles', '/system/role'), leaf('23', 'Menus', '/system/menu')] },
  { id: '3', name: 'Mall', path: '/mall', children: [leaf('31', 'Products', '/mall/product'), leaf('32', 'Orders of users', '/mall/order')] },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderSearch() {
  return render(
    <MemoryRouter initialEntries={['/wel/index']}>
      <MenuSearch />
      <Where />
    </MemoryRouter>,
  );
}

beforeAll(() => {
  setTestSite();
  runInAction(() => {
    session.rawMenu = serverMenu;
  });
});

afterEach(() => act(() => preferences.closeSearch()));

describe('filterMenu', () => {
  const items = (labels: string[]) => labels.map((label, i) => ({ id: String(i), label, path: `/p/${i}` }) as MenuItem);

  it('puts names that START with the query first, then names that contain it, ignoring case', () => {
    const all = items(['Orders of users', 'Users', 'user roles', 'Menus']);
    expect(filterMenu(all, 'us').map((i) => i.label)).toEqual(['Users', 'user roles', 'Orders of users', 'Menus']);
    expect(filterMenu(all, 'USER R').map((i) => i.label)).toEqual(['user roles']);
    expect(filterMenu(all, 'users').map((i) => i.label)).toEqual(['Users', 'Orders of users']);
    expect(filterMenu(all, 'x')).toEqual([]);
  });

  it('finds a Chinese name by a word inside it, and a menu by its path or code', () => {
    const all = [
      { id: '1', label: '字典管理', path: '/system/dict', code: 'dict' },
      { id: '2', label: '业务字典', path: '/system/dictbiz', code: 'dictbiz' },
      { id: '3', label: '管理员列表', path: '/system/admin', code: 'admin' },
      { id: '4', label: '参数', path: '/system/param', code: 'param' },
    ] as MenuItem[];
    expect(filterMenu(all, '管理').map((i) => i.label)).toEqual(['管理员列表', '字典管理']);
    expect(filterMenu(all, 'dict').map((i) => i.label)).toEqual(['字典管理', '业务字典']);
    expect(filterMenu(all, 'PARAM').map((i) => i.label)).toEqual(['参数']);
  });

  it('lists everything for an empty or blank query', () => {
    const all = items(['a', 'b']);
    expect(filterMenu(all, '')).toHaveLength(2);
    expect(filterMenu(all, '   ')).toHaveLength(2);
  });
});

describe('MenuSearch', () => {
  it('lists the menu leaves when opened by preferences.searchOpen', async () => {
    renderSearch();
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => preferences.openSearch());
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      flattenLeaves(session.menu).map((item) => `${item.label}${item.path}`),
    );
  });

  it('filters by name (prefix matches first), case-insensitive, and opens the choice with the arrow keys and Enter', async () => {
    renderSearch();
    act(() => preferences.openSearch());
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'US');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.querySelector('span:nth-child(2)')?.textContent)).toEqual(['Users', 'user roles', 'Menus', 'Orders of users']),
    );
    expect(screen.getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps around to the first
    expect(screen.getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(input, { key: 'ArrowUp' }); // back past the last, to the second
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/system/role');
    expect(preferences.searchOpen).toBe(false);
  });

  it('shows an empty state when nothing matches', async () => {
    renderSearch();
    act(() => preferences.openSearch());
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('没有匹配的菜单')).toBeTruthy();
  });

  it('closes on Esc', async () => {
    renderSearch();
    act(() => preferences.openSearch());
    const input = await screen.findByRole('combobox');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(preferences.searchOpen).toBe(false);
  });
});
