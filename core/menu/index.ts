export type { MenuItem, MenuMeta, MenuVO, TopMenu } from './types';
export { mapMenu, flattenLeaves, findMenuItem, ancestorIds, itemPathname, isUrlPath, iframePath, iframeSlug, DEFAULT_MENU_ICON } from './map';
export { permissionCodes } from './permission';
export { openMenuItem } from './open';
