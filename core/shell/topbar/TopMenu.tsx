import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { IconHome } from '@arco-design/web-react/icon';
import { siteConfig } from '../../config';
import { findMenuItem, flattenLeaves, openMenuItem } from '../../menu';
import { session } from '../../session/session';
import { MenuIcon } from '../icons';
import { preferences } from '../preferences';
import '../locales/shellui';
import './topbar.css';

/**
 * The top menu: "home" (the full menu) plus the server's top menus. Choosing one reloads the sidebar
 * with that top menu's routes and opens its first page, as the original did. The one marked is the one
 * chosen; with the whole menu in the sidebar, the top menu the page shown belongs to (home only on the
 * home page, or on a page of no top menu).
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

  const chosen = session.topMenuId ?? null;
  const page = chosen === null && location.pathname !== siteConfig().homePath ? findMenuItem(session.menu, location.pathname, location.search) : undefined;
  const activeId = chosen ?? (page ? (session.topMenus.find((m) => m.menuIds?.includes(page.id))?.id ?? null) : null);

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
