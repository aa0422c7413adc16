import { useSyncExternalStore, type ComponentType } from 'react';

/**
 * Menu icons by name. The server stores a name per menu (`source`); a curated set of Arco's icons (all of
 * them would add ~40 kB). Names are kebab-case Arco names; BladeX/Element classes (`iconfont icon-caidan`,
 * `el-icon-menu`) and unknown names fall back to the default menu icon. The components are in their own
 * chunk (menu-icons.tsx).
 */
const MENU_ICON_KEYS = [
  'apps', 'archive', 'book', 'branch', 'bug', 'bulb', 'calendar', 'camera', 'check-circle', 'clock',
  'clock-circle', 'cloud', 'code', 'code-square', 'common', 'compass', 'copy', 'customer-service', 'dashboard',
  'delete', 'desktop', 'drive-file', 'edit', 'email', 'experiment', 'export', 'eye', 'file', 'file-image',
  'filter', 'fire', 'folder', 'gift', 'history', 'home', 'idcard', 'image', 'import', 'info', 'info-circle',
  'language', 'layout', 'link', 'list', 'location', 'lock', 'menu', 'message', 'mobile', 'nav', 'notification',
  'palette', 'phone', 'plus', 'printer', 'public', 'qrcode', 'robot', 'safe', 'schedule', 'search', 'send',
  'setting', 'settings', 'share', 'skin', 'stamp', 'star', 'storage', 'swap', 'sync', 'tag', 'tags',
  'thunderbolt', 'tool', 'trophy', 'upload', 'user', 'user-add', 'user-group', 'team', 'video', 'wechat',
  'wechatpay', 'shop', 'form', 'file-text', 'money',
] as const;
export type MenuIconKey = (typeof MENU_ICON_KEYS)[number];
const known: ReadonlySet<string> = new Set(MENU_ICON_KEYS);

/** `IconHome`, `icon-home`, `iconfont icon-home`, `Home` → `home`. */
export function iconKey(name: string | undefined): string {
  if (!name) return '';
  const last = name.trim().split(/\s+/).pop() ?? '';
  return last
    .replace(/^Icon(?=[A-Z])/, '')
    .replace(/^(el-)?icon-?/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

export function hasMenuIcon(name: string | undefined): boolean {
  return known.has(iconKey(name));
}

type IconTable = Record<MenuIconKey, ComponentType>;
let icons: IconTable | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

/** Fetches the icons' chunk once; a failed fetch is tried again by the next icon drawn. */
function loadIcons(): void {
  loading ??= import('./menu-icons').then(
    (module) => {
      icons = module.menuIcons;
      for (const notify of [...waiting]) notify();
    },
    () => {
      loading = null;
    },
  );
}

function subscribe(notify: () => void): () => void {
  waiting.add(notify);
  loadIcons();
  return () => waiting.delete(notify);
}

const loadedIcons = () => icons;

/**
 * The icon of a menu name. Until the icons' chunk has arrived an empty box of the icon's size holds its
 * place (icons are decoration: the label beside them is there at once), so nothing moves when it comes.
 */
export function MenuIcon({ name }: { name?: string }) {
  const table = useSyncExternalStore(subscribe, loadedIcons, loadedIcons);
  if (!table) return <span className="arco-icon" aria-hidden="true" />;
  const key = iconKey(name);
  const Icon = known.has(key) ? table[key as MenuIconKey] : table.menu;
  return <Icon />;
}
