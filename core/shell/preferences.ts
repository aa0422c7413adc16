import { makeAutoObservable } from 'mobx';
import { siteConfig } from '../config';
import { i18n, type Language } from '../i18n';
import { getStore, setStore } from '../session/storage';
import { applyPalette, defaultColor, defaultPalettes, isHexColor, isPalettes, palettesNow, primaryPalettes, sameColor, type Palettes } from '../theme/color';
import { applyTheme, isDarkTheme, normalizeTheme, defaultTheme, type ThemeName } from '../theme/themes';
import '../theme/themes.css';

export type { ThemeName } from '../theme/themes';
export type Screen = 0 | 1 | 2 | 3;

/** Screen size class: 3 at ≥1200 px, 2 at ≥992, 1 at ≥768, otherwise 0. */
export function screenClass(width: number): Screen {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

// Storage names, as the Vue original used them, so a migrated browser keeps its choices.
const KEY_THEME = 'themeName';
const KEY_COLOR = 'colorName';
const KEY_LANGUAGE = 'language';
const KEY_COLLAPSE = 'isCollapse';
/** The picked colour's generated palettes (`{ color, light, dark }`), so the next start needs no generator. */
const KEY_PALETTES = 'colorPalette';

interface StoredPalettes extends Palettes {
  color: string;
}

function storedPalettes(color: string): Palettes | null {
  const stored = getStore<StoredPalettes>(KEY_PALETTES);
  return stored && typeof stored.color === 'string' && sameColor(stored.color, color) && isPalettes(stored) ? stored : null;
}

function rememberPalettes(color: string, palettes: Palettes): void {
  if (sameColor(color, defaultColor) || storedPalettes(color)) return;
  setStore<StoredPalettes>({ name: KEY_PALETTES, content: { color, light: [...palettes.light], dark: [...palettes.dark] } });
}

function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

/** Reads the site defaults, tolerating a config that is not set yet (restore() retries later). */
function defaults(): { theme: ThemeName; color: string; language: Language } {
  const cfg = siteConfig();
  return {
    theme: normalizeTheme(cfg.defaultTheme, defaultTheme),
    color: isHexColor(cfg.defaultColor) ? cfg.defaultColor : defaultColor,
    language: cfg.defaultLanguage,
  };
}

/**
 * The user's shell preferences: theme, primary colour, language, sidebar collapse (persisted), and the
 * live view state (full screen, screen class, search overlay). Setting a preference also applies it to
 * the document, so components only read the store.
 */
export class Preferences {
  theme: ThemeName = defaultTheme;
  color: string = defaultColor;
  language: Language = 'zh';
  collapse = false;
  fullscreen = false;
  screen: Screen = 3;
  searchOpen = false;
  /** True once the stored choices were read and applied. */
  restored = false;
  /** Numbers palette requests: a late generated palette is not applied over a newer choice. */
  private colorSeq = 0;

  constructor() {
    makeAutoObservable<Preferences, 'colorSeq'>(this, { colorSeq: false }, { autoBind: true });
  }

  get dark(): boolean {
    return isDarkTheme(this.theme);
  }

  /**
   * Reads the stored choices and applies them to <body> and i18n. It runs when this module loads if the
   * site config is already set, otherwise in the next microtask (after the entry module has set it but
   * before React renders), so the first paint already has the right theme, colour and language.
   */
  restore(): void {
    const d = defaults();
    this.theme = normalizeTheme(getStore(KEY_THEME), d.theme);
    const color = getStore(KEY_COLOR);
    this.color = isHexColor(color) ? color : d.color;
    const language = getStore(KEY_LANGUAGE);
    this.language = isLanguage(language) ? language : d.language;
    this.collapse = getStore(KEY_COLLAPSE) === true;
    this.restored = true;
    void this.applyLook(true);
    this.applyLanguage();
  }

  /** Resolves once the colour's palette for the new theme is applied (at once, unless it must be generated). */
  setTheme(name: ThemeName | string): Promise<void> {
    this.theme = normalizeTheme(name, this.theme);
    setStore({ name: KEY_THEME, content: this.theme });
    // The palette differs between light and dark, so the colour is re-applied with the theme.
    return this.applyLook(false);
  }

  /**
   * Resolves once the palette is applied: at once for the default colour or when the generator is
   * loaded, else after fetching it (the page keeps its current colour meanwhile).
   */
  setColor(color: string): Promise<void> {
    if (!isHexColor(color)) return Promise.resolve();
    this.color = color;
    setStore({ name: KEY_COLOR, content: color });
    return this.applyColor(false);
  }

  setLanguage(language: Language): void {
    if (!isLanguage(language)) return;
    this.language = language;
    setStore({ name: KEY_LANGUAGE, content: language });
    this.applyLanguage();
  }

  toggleCollapse(): void {
    this.setCollapse(!this.collapse);
  }

  setCollapse(collapse: boolean): void {
    this.collapse = collapse;
    setStore({ name: KEY_COLLAPSE, content: collapse });
  }

  /** Enters or leaves full screen; `fullscreen` itself follows the browser's `fullscreenchange`. */
  async toggleFullscreen(): Promise<void> {
    if (typeof document === 'undefined') return;
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused (no user gesture, iframe without allowfullscreen): state stays as the browser reports.
    }
    this.syncFullscreen();
  }

  syncFullscreen(): void {
    this.fullscreen = typeof document !== 'undefined' && Boolean(document.fullscreenElement);
  }

  setScreenWidth(width: number): void {
    const next = screenClass(width);
    if (next !== this.screen) this.screen = next;
  }

  openSearch(): void {
    this.searchOpen = true;
  }

  closeSearch(): void {
    this.searchOpen = false;
  }

  private applyLook(starting: boolean): Promise<void> {
    if (typeof document === 'undefined') return Promise.resolve();
    applyTheme(this.theme);
    return this.applyColor(starting);
  }

  /**
   * Puts the colour's palette (light or dark) on <body>. The default colour's palettes are constants and
   * a picked colour's are stored with it, so this is synchronous at start; only a colour whose palettes
   * are unknown (stored by an older version, or a configured default other than #409EFF) waits for the
   * generator, showing the default palette meanwhile at start, or keeping the current one otherwise.
   */
  private applyColor(starting: boolean): Promise<void> {
    if (typeof document === 'undefined') return Promise.resolve();
    const color = this.color;
    const seq = ++this.colorSeq;
    const known = storedPalettes(color) ?? palettesNow(color);
    if (known) {
      rememberPalettes(color, known);
      applyPalette(this.dark ? known.dark : known.light);
      return Promise.resolve();
    }
    if (starting) applyPalette(this.dark ? defaultPalettes.dark : defaultPalettes.light);
    return primaryPalettes(color).then(
      (palettes) => {
        rememberPalettes(color, palettes);
        if (seq === this.colorSeq) applyPalette(this.dark ? palettes.dark : palettes.light);
      },
      () => undefined, // the generator did not load: the current palette stays
    );
  }

  private applyLanguage(): void {
    if (i18n.language !== this.language) void i18n.changeLanguage(this.language);
    if (typeof document !== 'undefined') document.documentElement.lang = this.language === 'zh' ? 'zh-CN' : 'en';
  }
}

export const preferences = new Preferences();

/**
 * The app entry should call `preferences.restore()` right after `setSiteConfig()` (before rendering). As
 * a safety net this module also tries on load and once more in the next microtask (still before React's
 * first render); if the config is still missing then, it waits for that explicit call.
 */
function restoreWhenConfigured(retry: boolean): void {
  try {
    preferences.restore();
  } catch {
    if (retry) queueMicrotask(() => restoreWhenConfigured(false));
  }
}

if (typeof window !== 'undefined') {
  restoreWhenConfigured(true);
  preferences.setScreenWidth(window.innerWidth);
  // One listener each for the whole app (the original overwrote window.onresize in several places).
  window.addEventListener('resize', () => preferences.setScreenWidth(window.innerWidth));
  document.addEventListener('fullscreenchange', () => preferences.syncFullscreen());
}
