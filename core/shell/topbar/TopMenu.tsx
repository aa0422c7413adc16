import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { IconHome } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { flattenLeaves, openMenuItem } from '../../menu';
import { session } from '../../session/session';
import { MenuIcon } from '../icons';
import { pageMenuItem } from '../page-menu';
import { preferences } from '../preferences';
import '../locales/shellui';
import './topbar.css';

/** The top menu to mark: `null` is home, `undefined` none. */
function activeTopMenu(pathname: string, search: string): string | null | undefined {
  if (session.topMenuId) return session.topMenuId;
  if (pathname === siteConfig().homePath) return null;
  const page = pageMenuItem(session.menu, pathname, search);
  if (!page) return undefined;
  return session.topMenus.find((m) => m.menuIds?.includes(page.id))?.id ?? null;
}

/**
 * The top menu: "home" (the full menu) plus the server's top menus. Choosing one reloads the sidebar
 * with that top menu's routes and opens its first page, as the original did. The one marked is the one
 * chosen; with the whole menu in the sidebar, the top menu the page shown belongs to (home on the home
 * page, or on a page of no top menu). A page no menu lists belongs to the menu it was opened from; one
 * opened from nowhere known marks none, never a wrong one.
 */
export const TopMenu = observer(function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    // The list is per user; it is fetched once the bar is shown (failures were already reported).
    if (session.topMenus.length === 0) session.loadTopMenus().catch(() => undefined);
  }, []);

  const choose = async (id: string | null) => {
    if (busy !== null) return;
    setBusy(id ?? 'home');
    try {
      await session.loadMenu(id);
      if (id === null) {
        navigate(siteConfig().homePath);
      } else {
        const first = flattenLeaves(session.menu).find((leaf) => !leaf.external);
        if (first) openMenuItem(first, (to) => navigate(to));
      }
    } catch {
      // The HTTP pipeline has shown the error; the previous menu stays.
    } finally {
      setBusy(null);
    }
  };

  const items = [
    { id: null, key: 'home', label: t('top.home'), icon: <IconHome /> },
    ...session.topMenus.map((m) => ({ id: m.id, key: m.id, label: preferences.language === 'en' && m.nameEn ? m.nameEn : m.name, icon: <MenuIcon name={m.source} /> })),
  ];

  const activeId = activeTopMenu(location.pathname, location.search);

  return (
    <nav className="ba-top-menu" aria-label={t('top.topMenu')}>
      {items.map((item) => {
        const active = activeId === item.id;
        return (
          <button
            key={item.key}
            type="button"
            className={`ba-top-menu-item${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            aria-busy={busy === item.key}
            onClick={() => void choose(item.id)}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        );
      })}
    </nav>
  );
});
