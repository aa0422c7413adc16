import { definePlugin } from '../plugin/types';
import { shellManifest } from '../schema/shell-manifest';
import { bundledPage } from './lazy';
import LoginPage from './pages/LoginPage';

/** Public pages in the blank layout: no sign-in, no tab. */
const publicPage = { isAuth: false, isTab: false } as const;

/**
 * The shell as a plugin: its menus and buttons (the manifest the server seeds from) and its pages. The
 * sign-in page is in the entry (the first thing most visitors wait for, shown in the first render); the
 * others are each in a lazily loaded chunk.
 */
export const shellPlugin = definePlugin({
  ...shellManifest,
  routes: [
    { path: '/login', layout: 'blank', load: bundledPage(LoginPage), meta: { ...publicPage, title: { zh: '登录', en: 'Sign in' } } },
    // A guest (a third-party sign-in no account is bound to) is kept here by the guard.
    { path: '/register', layout: 'blank', load: () => import('./register/RegisterPage'), meta: { isTab: false, title: { zh: '用户信息注册', en: 'Register an account' } } },
    { path: '/lock', layout: 'blank', load: () => import('./pages/LockPage'), meta: { ...publicPage, title: { zh: '锁屏', en: 'Locked' } } },
    { path: '/403', layout: 'blank', load: () => import('./pages/ErrorPage'), meta: { ...publicPage, title: { zh: '403', en: '403' } } },
    { path: '/404', layout: 'blank', load: () => import('./pages/ErrorPage'), meta: { ...publicPage, title: { zh: '404', en: '404' } } },
    { path: '/500', layout: 'blank', load: () => import('./pages/ErrorPage'), meta: { ...publicPage, title: { zh: '500', en: '500' } } },
    { path: '/wel/index', load: () => import('./pages/HomePage'), meta: { title: { zh: '首页', en: 'Home' } } },
    // The console: no sidebar (meta.menu false), reached from the home page.
    { path: '/wel/dashboard', load: () => import('./pages/DashboardPage'), meta: { menu: false, title: { zh: '控制台', en: 'Dashboard' } } },
    { path: '/test/index', load: () => import('./pages/TestPage'), meta: { title: { zh: '测试页', en: 'Test page' } } },
    { path: '/info/index', load: () => import('./pages/InfoPage'), meta: { title: { zh: '个人信息', en: 'Personal info' } } },
    // Label from the `name` query (the menu item's name).
    { path: '/myiframe/:routerPath', load: () => import('./pages/IframePage') },
  ],
});
