import type { LocalText } from '../schema/manifest';

/**
 * The eleven shell themes of the BladeX admin we replace. A theme is only a class on <body>
 * (`theme-<id>`) that themes.css turns into the shell variables; `dark` also switches Arco to its dark
 * tokens. `bule` keeps BladeX's spelling because stored preferences and links use it.
 */
export const themeIds = ['default', 'white', 'dark', 'star', 'bule', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeId = (typeof themeIds)[number];
export type ThemeName = `theme-${ThemeId}`;

export interface ThemeInfo {
  id: ThemeId;
  name: ThemeName;
  label: LocalText;
  /** Arco's dark tokens (`arco-theme="dark"`) are switched on with this theme. */
  dark: boolean;
  /** Two colours for the little preview in the theme picker: sidebar and header. */
  preview: [string, string];
}

export const themes: readonly ThemeInfo[] = [
  { id: 'default', label: { zh: '默认主题', en: 'Default' }, dark: false, preview: ['#20222a', '#ffffff'] },
  { id: 'white', label: { zh: '白色主题', en: 'White' }, dark: false, preview: ['#ffffff', '#409eff'] },
  { id: 'dark', label: { zh: '黑色主题', en: 'Dark' }, dark: true, preview: ['#2c3643', '#262d37'] },
  { id: 'star', label: { zh: '炫彩主题', en: 'Starry' }, dark: false, preview: ['#0b1026', '#3a2a5e'] },
  { id: 'bule', label: { zh: '智能主题', en: 'Smart blue' }, dark: false, preview: ['#004ca7', '#004ca7'] },
  { id: 'iview', label: { zh: 'iview主题', en: 'iView' }, dark: false, preview: ['#001529', '#ffffff'] },
  { id: 'vip', label: { zh: 'vip主题', en: 'VIP' }, dark: false, preview: ['#20222a', '#f6ca9d'] },
  { id: 'cool', label: { zh: 'cool主题', en: 'Cool' }, dark: false, preview: ['#25aff3', '#008ad3'] },
  { id: 'd2', label: { zh: 'd2主题', en: 'D2' }, dark: false, preview: ['#ebf1f6', '#ebf1f6'] },
  { id: 'hey', label: { zh: 'hey主题', en: 'Hey' }, dark: false, preview: ['#f0f6ff', '#ffffff'] },
  { id: 'lte', label: { zh: 'lte主题', en: 'AdminLTE' }, dark: false, preview: ['#263238', '#409eff'] },
].map((t) => ({ ...t, id: t.id as ThemeId, name: `theme-${t.id}` as ThemeName, preview: t.preview as [string, string] }));

export const defaultTheme: ThemeName = 'theme-default';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && themes.some((t) => t.name === value);
}

/**
 * Accepts what may be stored or configured: the class (`theme-white`), the bare id (`white`) or
 * Saber's own value for the default theme (`default`). Anything else falls back.
 */
export function normalizeTheme(value: unknown, fallback: ThemeName = defaultTheme): ThemeName {
  if (isThemeName(value)) return value;
  if (typeof value === 'string' && isThemeName(`theme-${value}`)) return `theme-${value}` as ThemeName;
  return fallback;
}

export function themeInfo(name: ThemeName): ThemeInfo {
  return themes.find((t) => t.name === name) ?? themes[0];
}

export function isDarkTheme(name: ThemeName): boolean {
  return themeInfo(name).dark;
}

/**
 * Puts the theme class on <body> (removing the previous theme class but keeping any other class) and
 * switches Arco's dark mode for the dark theme.
 */
export function applyTheme(name: ThemeName, body: HTMLElement = document.body): void {
  for (const cls of Array.from(body.classList)) if (cls.startsWith('theme-')) body.classList.remove(cls);
  body.classList.add(name);
  if (isDarkTheme(name)) body.setAttribute('arco-theme', 'dark');
  else body.removeAttribute('arco-theme');
}
