import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Menu, Spin } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { siteConfig } from '../../config';
import { ancestorIds, openMenuItem, type MenuItem } from '../../menu';
import { session } from '../../session/session';
import { MenuIcon } from '../icons';
import { pageMenuItem } from '../page-menu';
import { preferences } from '../preferences';
import '../locales/layout';

function byId(menu: readonly MenuItem[]): Map<string, MenuItem> {
  const map = new Map<string, MenuItem>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      map.set(item.id, item);
      walk(item.children);
    }
  };
  walk(menu);
  return map;
}

function renderItems(items: readonly MenuItem[]) {
  return items.map((item) =>
    item.children.length > 0 ? (
      <Menu.SubMenu
        key={item.id}
        title={
          <>
            <MenuIcon name={item.icon} />
            <span className="ba-menu-text" title={item.label}>
              {item.label}
            </span>
          </>
        }
      >
        {renderItems(item.children)}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={item.id}>
        <MenuIcon name={item.icon} />
        <span className="ba-menu-text" title={item.label}>
              {item.label}
            </span>
      </Menu.Item>
    ),
  );
}

/**
 * Logo and product title, then the user's server menu: nested, one branch open at a time (accordion),
 * the branch of the current page opened on arrival and its item marked.
 */
export const Sidebar = observer(function Sidebar({ collapsed, overlay, onNavigate }: { collapsed: boolean; overlay: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const menu = session.menu;
  const items = useMemo(() => byId(menu), [menu]);
  // A page no menu lists marks the item it was opened from (a record's editor marks its list).
  const active = pageMenuItem(menu, location.pathname, location.search);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const activeId = active?.id;
  // Only when the page (or the menu) changes, so the user may fold the branch meanwhile.
  useEffect(() => {
    if (activeId !== undefined) setOpenKeys(ancestorIds(menu, activeId));
  }, [activeId, menu]);

  const title = siteConfig().title[preferences.language];
  const state = session.menuState;

  return (
    <aside className={`ba-sider${collapsed ? ' is-collapsed' : ''}${overlay ? ' is-overlay' : ''}`} aria-label={title}>
      <div className="ba-logo">
        <img src={siteConfig().logo} alt="" width={28} height={28} />
        {collapsed ? null : (
          <span className="ba-logo-title" title={title}>
            {title}
          </span>
        )}
      </div>
      <nav className="ba-sider-menu">
        {menu.length > 0 ? (
          <Menu
            accordion
            collapse={collapsed}
            openKeys={openKeys}
            selectedKeys={active ? [active.id] : []}
            onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
            onClickMenuItem={(key) => {
              const item = items.get(key);
              if (!item) return;
              openMenuItem(item, (to) => navigate(to));
              onNavigate();
            }}
          >
            {renderItems(menu)}
          </Menu>
        ) : state === 'loading' || state === 'idle' ? (
          <div className="ba-sider-state">
            <Spin size={20} />
          </div>
        ) : collapsed ? null : (
          <div className="ba-sider-state">
            {state === 'error' ? (
              <>
                <span>{t('layout.menuFailed')}</span>
                <Button size="mini" type="outline" onClick={() => void session.loadMenu()}>
                  {t('layout.menuRetry')}
                </Button>
              </>
            ) : (
              <span>{t('layout.menuEmpty')}</span>
            )}
          </div>
        )}
      </nav>
    </aside>
  );
});
