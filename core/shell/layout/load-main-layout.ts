/** The main layout's chunk: the app renders it, the sign-in page fetches it ahead (both through lazy.ts). */
export const loadMainLayout = () => import('./MainLayout');
