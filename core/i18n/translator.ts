/**
 * The texts of the browser app: nested messages per language, merged as areas and plugins register
 * theirs, looked up by dotted key with `{{name}}` placeholders. It is all the app asks of an i18n
 * library (no plurals, formats or namespaces are used), in a few hundred bytes where i18next and
 * react-i18next cost the sign-in page 17 kB gzip.
 */

export interface Messages {
  [key: string]: string | Messages;
}

/** Values for the `{{name}}` placeholders; `lng` picks another language than the current one. */
export type TranslateValues<L extends string = string> = Record<string, unknown> & { lng?: L };

/** Translates a key (the key itself when no language has it). */
export type TFunction = (key: string, values?: TranslateValues) => string;

type LanguageListener<L extends string> = (language: L) => void;

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * The text at `path` under `node`. A key may itself hold dots (`{ 'a.b': 'x' }`), so at each level the
 * longest run of segments that names a child is tried first, then shorter ones.
 */
function find(node: string | Messages | undefined, path: readonly string[]): string | undefined {
  if (path.length === 0) return typeof node === 'string' ? node : undefined;
  if (node === undefined || typeof node === 'string') return undefined;
  for (let take = path.length; take > 0; take--) {
    const key = path.slice(0, take).join('.');
    if (!Object.hasOwn(node, key)) continue;
    const text = find(node[key], path.slice(take));
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * Fills the placeholders. A placeholder whose name is not among the values stays as written (a missing
 * value shows rather than vanishing); one given as undefined or null becomes empty. A value's own text is
 * never read for placeholders.
 */
function interpolate(text: string, values: TranslateValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** Merges `from` into `into`: nested messages are merged, a text replaces the one at its key. */
function merge(into: Messages, from: Messages): void {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (typeof value !== 'string' && current !== undefined && typeof current !== 'string') merge(current, value);
    else into[key] = typeof value === 'string' ? value : structuredClone(value);
  }
}

/**
 * One catalogue and the current language. `t` reads the current language, falling back to `fallback`
 * for a key the current one lacks; `getFixedT` answers in one language whatever the current one is.
 */
export class Translator<L extends string> {
  private current: L;
  private readonly catalogue = new Map<L, Messages>();
  private readonly fixed = new Map<L, TFunction>();
  private readonly listeners = new Set<LanguageListener<L>>();

  constructor(
    private readonly fallback: L,
    language: L = fallback,
  ) {
    this.current = language;
  }

  get language(): L {
    return this.current;
  }

  /** Adds (or replaces) texts of one language; keys already there and not in `messages` stay. */
  addMessages(language: L, messages: Messages): void {
    let into = this.catalogue.get(language);
    if (!into) this.catalogue.set(language, (into = {}));
    merge(into, messages);
  }

  readonly t: TFunction = (key, values) => this.translate((values?.lng as L | undefined) ?? this.current, key, values);

  /** A `t` bound to one language; the same function each time for a language (stable in hook dependencies). */
  getFixedT(language: L): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, values) => this.translate(language, key, values);
      this.fixed.set(language, t);
    }
    return t;
  }

  /** Switches the current language and tells the listeners (when it changed). Resolves at once: every text is already here. */
  changeLanguage(language: L): Promise<TFunction> {
    if (language !== this.current) {
      this.current = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return Promise.resolve(this.t);
  }

  /** Calls `listener` after each change of language; returns what stops it. */
  on(_event: 'languageChanged', listener: LanguageListener<L>): () => void {
    this.listeners.add(listener);
    return () => this.off('languageChanged', listener);
  }

  off(_event: 'languageChanged', listener: LanguageListener<L>): void {
    this.listeners.delete(listener);
  }

  private translate(language: L, key: string, values: TranslateValues | undefined): string {
    const path = key.split('.');
    const text = find(this.catalogue.get(language), path) ?? (language === this.fallback ? undefined : find(this.catalogue.get(this.fallback), path));
    return text === undefined ? key : interpolate(text, values);
  }
}
