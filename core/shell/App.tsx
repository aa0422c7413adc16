import { Activity, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, type Location } from 'react-router-dom';
import { useTranslation } from '../i18n';
import { siteConfig } from '../config';
import { KernelProvider, type KernelServices } from '../kernel/context';
import { setNavigator } from '../navigation/navigator';
import type { PluginLoader } from '../plugin/loader';
import type { RegisteredRoute, Registry } from '../plugin/registry';
import { getAccessCookie } from '../session/cookies';
import { session } from '../session/session';
import { guard } from './guard';
import { createKernelServices } from './kernel-services';
import { loadMainLayout } from './layout/load-main-layout';
import { lazyPage } from './lazy';
import { PageBoundary } from './PageBoundary';
import { PageLoading } from './PageLoading';
import { PluginLoaderContext, PluginRegistryContext } from './plugins-context';
import { preferences } from './preferences';
import { isBlank, matchRoute, routeTitle } from './routing';
import { usePageTitle } from './title';
import '../i18n/kernel';
import './shell.css';


/** Lets kernel code outside React (HTTP 401, session events) navigate through the router. */
function NavigatorBinder() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/**
 * Applies the guard (guard.ts) on every location. It reads the session when the location changes
 * rather than reacting to it: sign-outs navigate by themselves, and locking redirects after the lock
 * button's short delay (so its dialog closes first), not at once.
 */
function Guard({ registry, children }: { registry: Registry; children: ReactNode }) {
  const location = useLocation();
  const match = matchRoute(registry.routes(), location.pathname);
  const decision = guard({
    pathname: location.pathname,
    isAuth: match?.route.meta?.isAuth !== false,
    hasCookie: getAccessCookie() !== '',
    hasToken: session.token !== '',
    isLock: session.isLock,
    lockPath: siteConfig().lockPath,
    isGuest: session.isGuest,
  });
  useEffect(() => {
    if (decision.logout) session.fedLogout();
  }, [decision.logout, location.key]);
  if (decision.redirect && decision.redirect !== location.pathname) {
    // Remember where a signed-out visitor was going, to return there after signing in.
    const from = decision.redirect === '/login' && !decision.logout && location.pathname !== '/' ? `${location.pathname}${location.search}` : undefined;
    return <Navigate to={decision.redirect} replace state={from ? { from } : undefined} />;
  }
  return children;
}

/** A full-page route (login, lock, errors). */
function BlankPage({ route }: { route: RegisteredRoute }) {
  const { t } = useTranslation();
  const Page = lazyPage(route.load);
  usePageTitle(route.path === '/login' ? t('login.title') : routeTitle(route));
  return (
    <div className="ba-blank">
      <PageBoundary resetKey={route.path}>
        <Suspense fallback={<PageLoading full />}>
          <Page />
        </Suspense>
      </PageBoundary>
    </div>
  );
}

/**
 * Full pages (login, lock, 403/404/500) and the main layout. The layout is not a route that unmounts when
 * a signed-in user visits a full page: it stays mounted, hidden in an `<Activity>`, at the last location
 * it showed, so locking the screen or a trip to the 404 page keeps every open tab's state. It is
 * dropped at sign-out.
 */
const AppRoutes = observer(function AppRoutes({ registry }: { registry: Registry }) {
  const location = useLocation();
  const allRoutes = registry.routes(); // observable: plugins arrive after sign-in
  const blankRoutes = useMemo(() => allRoutes.filter(isBlank), [allRoutes]);
  const onBlank = matchRoute(blankRoutes, location.pathname) !== null;
  const mainLocation = useRef<Location | null>(null);
  // The main layout (sidebar, top bar, tabs) is a chunk of its own: /login fetches it only when the form
  // is sent (preload-signed-in.ts), so it is usually here by the time it is shown.
  const MainLayout = lazyPage(loadMainLayout);
  if (!onBlank) mainLocation.current = location;
  if (onBlank && session.token === '') mainLocation.current = null;
  return (
    <>
      <Routes>
        {blankRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<BlankPage route={route} />} />
        ))}
        <Route path="*" element={null} />
      </Routes>
      {mainLocation.current ? (
        <Activity mode={onBlank ? 'hidden' : 'visible'}>
          {/* Inside: plugin routes, the server menu, and the redirects / → /wel → /wel/index, /x → /x/index. */}
          <Routes location={mainLocation.current}>
            <Route
              path="*"
              element={
                <PageBoundary>
                  <Suspense fallback={<PageLoading full />}>
                    <MainLayout registry={registry} />
                  </Suspense>
                </PageBoundary>
              }
            />
          </Routes>
        </Activity>
      ) : null}
    </>
  );
});

/**
 * While a user is signed in: the plugins their tenant has are loaded and registered (with a loader), and
 * the plugin stores live (created per user, disposed at sign-out, when the loaded plugins go too).
 */
function usePluginActivation(registry: Registry, loader: PluginLoader | undefined): void {
  useEffect(
    () =>
      reaction(
        // A guest has no plugins: they may only apply for an account (the guard keeps them on /register).
        () => (session.token && session.userInfo && !session.isGuest ? `${session.userInfo.tenant_id}/${session.userInfo.user_id}` : ''),
        (key) => {
          if (key && session.userInfo) {
            if (registry.user?.userId !== session.userInfo.user_id || registry.user.tenantId !== session.userInfo.tenant_id) {
              registry.activate({ userId: session.userInfo.user_id, tenantId: session.userInfo.tenant_id, roles: session.roles });
            }
            void loader?.load(key);
          } else {
            registry.deactivate();
            loader?.unload();
          }
        },
        { fireImmediately: true },
      ),
    [registry, loader],
  );
}

/**
 * The whole browser app: the router, the guard, and the routes of the plugins: the kernel's own (the
 * shell, registered up front) and, with a `loader`, those the signed-in user's tenant has, loaded after
 * sign-in. Arco's ConfigProvider (its locale) sits in the main layout: the login page shows none of Arco's own texts and
 * loads faster without it.
 *
 * This is the one place where the app's providers nest: the kernel services (session, HTTP, texts,
 * preferences, permissions) that plugins reach with `useKernel()` / `useCan()`, the registry and the
 * plugin loader, the router. `services` defaults to the production ones built from this registry.
 */
export const App = observer(function App({ registry, loader, services }: { registry: Registry; loader?: PluginLoader; services?: KernelServices }) {
  usePluginActivation(registry, loader);
  const kernel = useMemo(() => services ?? createKernelServices(registry), [services, registry]);
  void preferences.language; // re-render the routes (titles, guard) when the language changes
  return (
    <KernelProvider services={kernel}>
      <PluginRegistryContext value={registry}>
        <PluginLoaderContext value={loader ?? null}>
          <BrowserRouter>
            <NavigatorBinder />
            <Guard registry={registry}>
              <AppRoutes registry={registry} />
            </Guard>
          </BrowserRouter>
        </PluginLoaderContext>
      </PluginRegistryContext>
    </KernelProvider>
  );
});

export default App;
