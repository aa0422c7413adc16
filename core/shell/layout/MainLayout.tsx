// Arco's static Message/Modal/Notification (used throughout the layout and its pages) need React 19's
// createRoot: the adapter is set up before any of them can run. The entry chunk does not load Arco.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { DictionarySourceContext } from '../../crud/dictionary-source';
import { ConfigProvider } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import enUS from '@arco-design/web-react/es/locale/en-US';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { siteConfig } from '../../config';
import { findMenuItem } from '../../menu';
import { withoutViewState } from '../../navigation/view-state';
import type { Registry } from '../../plugin/registry';
import { session } from '../../session/session';
import { tabs } from '../../tabs/tabs';
import { menuAccess } from '../guard';
import { deferred } from '../deferred';
import { PageLoading } from '../PageLoading';
import { preferences } from '../preferences';
import { matchRoute } from '../routing';
import { usePageTitle } from '../title';
import TopBar from '../topbar/TopBar';
import { pageLabel, withSubject } from './labels';
import { tabToReplace } from './page-tab';
import { Panes } from './Panes';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import '../locales/layout';
import './layout.css';

// The menu finder (Arco's Modal with its focus trap, and Input: about 160 kB raw with their styles) is
// fetched when it is first opened, then stays mounted so it closes with its animation.
const MenuSearch = deferred(() => import('../topbar/MenuSearch'));

/** Loads the user's menu and runs the token refresh timer while the layout is shown. */
function useSessionWork(): void {
  const userKey = session.userInfo ? `${session.userInfo.tenant_id}/${session.userInfo.user_id}` : '';
  useEffect(() => {
    if (!userKey) return;
    void session.loadMenu();
    void session.loadTopMenus();
  }, [userKey]);
  useEffect(() => {
    session.startRefresh();
    return () => session.stopRefresh();
  }, []);
}

/**
 * The signed-in frame: sidebar, header with the top bar, tab strip and content. Every route of
 * every plugin with the main layout renders here, each open tab kept alive.
 */
export const MainLayout = observer(function MainLayout({ registry }: { registry: Registry }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useSessionWork();

  // Observable: the tenant's plugins are registered after sign-in, their routes appear without a reload.
  const allRoutes = registry.routes();
  const routes = useMemo(() => allRoutes.filter((route) => route.layout !== 'blank'), [allRoutes]);
  // Short forms redirect here, not in the top-level routes: leaving the layout would unmount every tab.
  const alias = new Map([['/', '/wel'], ...registry.aliases()]).get(location.pathname);
  // The page's identity leaves out its view state (a list's page and filters): paging keeps the tab.
  const current = alias ? '' : `${location.pathname}${withoutViewState(location.search)}`;
  const fullPath = `${location.pathname}${location.search}`;
  const match = matchRoute(routes, location.pathname);
  const menu = session.menu;
  const menuItem = findMenuItem(menu, location.pathname, location.search);
  const access = current
    ? menuAccess({ route: match?.route, pathname: location.pathname, search: location.search, plugins: registry.plugins(), menu, menuState: session.menuState })
    : 'granted';
  void preferences.language; // labels follow the language
  const label = pageLabel(location.pathname, location.search, menu, routes);
  usePageTitle(withSubject(label, tabs.list.find((tab) => tab.value === current)?.subject));

  // Record the page as a tab, or open it in a new window when the query says `target`.
  const menuReady = session.menuState === 'ready' || session.menuState === 'error';
  const recordPage = useEffectEvent(() => {
    const query = new URLSearchParams(location.search);
    if (query.has('target')) {
      query.delete('target');
      const rest = query.toString();
      window.open(query.get('src') || `${location.pathname}${rest ? `?${rest}` : ''}`, '_blank', 'noopener,noreferrer');
      navigate(tabs.active || siteConfig().homePath, { replace: true });
      return;
    }
    if (!match && !menuItem) return; // unknown (yet): no tab for a page that may turn out to be a 404
    if (access !== 'granted') return; // no tab for a screen that may turn out to be a 403
    tabs.open(
      {
        label,
        value: current,
        path: fullPath,
        params: match?.params ?? {},
        query: Object.fromEntries(query),
        meta: { isTab: match?.route.meta?.isTab, menu: match?.route.meta?.menu, ...menuItem?.meta },
        group: menuItem?.group ?? [],
        close: true,
        // A page no menu lists keeps the menu of the page it was opened from (the tab being left).
        menuId: menuItem?.id ?? tabs.activeTab.menuId,
      },
      tabToReplace(location.state),
    );
  });
  // Per location (and again once the menu arrives), not on every render.
  useEffect(() => {
    if (current) recordPage();
  }, [current, fullPath, menuReady, label, access]);

  // Panes are mounted once shown: tabs restored from the last visit load when first opened.
  const visited = useRef(new Set<string>());
  if (current && access === 'granted') visited.current.add(current);
  // A page whose menu says keepAlive: false is rebuilt each time it is shown.
  const values = tabs.list
    .filter((tab) => visited.current.has(tab.value) && (tab.meta.keepAlive !== false || tab.value === current))
    .map((tab) => tab.value);
  if (current && access === 'granted' && !values.includes(current)) values.push(current);

  const searchOpened = useRef(false);
  if (preferences.searchOpen) searchOpened.current = true;

  const small = preferences.screen < 2;
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [current, small]);
  const showSidebar = match?.route.meta?.menu !== false && new URLSearchParams(location.search).get('menu') !== 'false';
  const collapsed = small ? !drawerOpen : preferences.collapse;
  const toggle = () => (small ? setDrawerOpen((open) => !open) : preferences.toggleCollapse());

  // Arco's own texts (dialog buttons, pagination, empty tables, date pickers) in the chosen language.
  return (
    <ConfigProvider locale={preferences.language === 'en' ? enUS : zhCN}>
    {/* Where the screens read dictionaries: what the tenant's plugins provide (they come and go with it). */}
    <DictionarySourceContext value={registry.provided('dictionaries') ?? null}>
    <div className={`ba-layout${small ? ' is-small' : ''}`}>
      <a className="ba-skip" href="#ba-content">
        {t('layout.skipToContent')}
      </a>
      {showSidebar ? <Sidebar collapsed={collapsed} overlay={small} onNavigate={() => setDrawerOpen(false)} /> : null}
      {showSidebar && small && drawerOpen ? <div className="ba-shade" onClick={() => setDrawerOpen(false)} aria-hidden="true" /> : null}
      <div className="ba-main">
        <header className="ba-header">
          {showSidebar ? (
            <button type="button" className="ba-collapse" onClick={toggle} aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')} title={t(collapsed ? 'layout.expand' : 'layout.collapse')}>
              {collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
            </button>
          ) : null}
          <TopBar />
        </header>
        <TabStrip routes={routes} current={current} />
        <main id="ba-content" className="ba-content" tabIndex={-1}>
          {alias ? <Navigate to={`${alias}${location.search}`} replace /> : null}
          {access === 'denied' ? <Navigate to="/403" replace /> : null}
          {access === 'pending' ? <PageLoading tip={t('layout.menuLoading')} /> : null}
          <Panes values={values} current={current} location={location} routes={routes} />
        </main>
      </div>
      {searchOpened.current ? <MenuSearch /> : null}
    </div>
    </DictionarySourceContext>
    </ConfigProvider>
  );
});

export default MainLayout;
