import { Activity, memo, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@arco-design/web-react';
import { Navigate, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { findMenuItem } from '../../menu';
import type { RegisteredRoute } from '../../plugin/registry';
import { session } from '../../session/session';
import { tabs } from '../../tabs/tabs';
import { lazyPage } from '../lazy';
import { PageBoundary } from '../PageBoundary';
import { PageLoading } from '../PageLoading';
import { Result } from '../Result';
import NotAvailablePage from '../pages/NotAvailablePage';
import { usePluginLoader } from '../plugins-context';
import { PageTabContext } from './page-tab';
import '../locales/layout';

function RoutePage({ route }: { route: RegisteredRoute }) {
  const Page = lazyPage(route.load);
  return (
    <PageBoundary resetKey={route.path}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

/**
 * A path no installed plugin serves: "not available" when it is in the user's menu (the server knows a
 * module this build does not have), otherwise 404 — once the menu has loaded, never a blank screen.
 */
const Unserved = observer(function Unserved() {
  const { t } = useTranslation();
  const location = useLocation();
  const loader = usePluginLoader();
  const state = session.menuState;
  if (state === 'idle' || state === 'loading') return <PageLoading tip={t('layout.menuLoading')} />;
  // The tenant's plugins are still arriving: the page may well be theirs.
  if (loader?.pending) return <PageLoading tip={t('layout.pluginsLoading')} />;
  if (loader?.state === 'error') {
    return (
      <Result
        status="warning"
        title={t('layout.pluginsFailed')}
        subTitle={loader.message}
        extra={
          <Button type="primary" onClick={() => void loader.retry()}>
            {t('layout.menuRetry')}
          </Button>
        }
      />
    );
  }
  const item = findMenuItem(session.menu, location.pathname, location.search);
  if (item) return <NotAvailablePage name={item.label} path={item.path} />;
  if (state === 'error') {
    return (
      <Result
        status="warning"
        title={t('layout.menuFailed')}
        extra={
          <Button type="primary" onClick={() => void session.loadMenu()}>
            {t('layout.menuRetry')}
          </Button>
        }
      />
    );
  }
  return <Navigate to="/404" replace />;
});

/** One page's routes, rendered at a given location (the tab's, not necessarily the address bar's). */
const PaneRoutes = memo(function PaneRoutes({ location, routes }: { location: string | Location; routes: readonly RegisteredRoute[] }) {
  return (
    <Routes location={location}>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
      ))}
      <Route path="*" element={<Unserved />} />
    </Routes>
  );
});

/**
 * Keep-alive: every open tab that was shown in this page view stays mounted inside a React 19
 * `<Activity>`; switching tabs only hides and shows them, so a list keeps its filters, page and scroll.
 * Closing a tab unmounts it. The current location is rendered even when it makes no tab (isTab false).
 */
export function Panes({ values, current, location, routes }: { values: readonly string[]; current: string; location: Location; routes: readonly RegisteredRoute[] }) {
  return (
    <>
      {values.map((value) => (
        <Activity key={value} mode={value === current ? 'visible' : 'hidden'}>
          <div className="ba-pane">
            {/* A hidden tab stays where it was last, its list's page and filters included. */}
            {/* The page knows its tab: to name it (useTabSubject) or hand it over (useReplaceTab). */}
            <PageTabContext value={value}>
              <PaneRoutes location={value === current ? location : tabs.pathOf(value)} routes={routes} />
            </PageTabContext>
          </div>
        </Activity>
      ))}
    </>
  );
}
