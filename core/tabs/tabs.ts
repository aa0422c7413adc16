import { makeAutoObservable } from 'mobx';
import { siteConfig } from '../config';
import { getStore, removeStore, setStore } from '../session/storage';
// The home tab's label (tabs.home) is one of the kernel texts.
import '../i18n/kernel';

export interface TabMeta {
  /** i18n key of the label (shown in the current language instead of `label`). */
  i18n?: string;
  isTab?: boolean;
  keepAlive?: boolean;
  [key: string]: unknown;
}

/** One open page of the tab strip. `value` is the full path with its query: the tab's identity. */
export interface Tab {
  label: string;
  value: string;
  /** Where the page was last, with its view state (a list's page and filters); default `value`. */
  path?: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: TabMeta;
  group: string[];
  close: boolean;
  /** What the page shows (a record's name, `useTabSubject`), read after its label: `流程设计 · 请假流程`. */
  subject?: string;
  /**
   * The menu item the page is, or, for a page no menu lists (a record's editor, a task's form), the one it
   * was opened from: what the sidebar and the top menu mark while it is shown.
   */
  menuId?: string;
}

export const HOME_LABEL_KEY = 'tabs.home';

function homeTab(): Tab {
  return {
    label: '首页',
    value: siteConfig().homePath,
    params: {},
    query: {},
    meta: { i18n: HOME_LABEL_KEY },
    group: [],
    close: false,
  };
}

function isTab(value: unknown): value is Tab {
  const tab = value as Tab | null;
  return !!tab && typeof tab === 'object' && typeof tab.value === 'string' && typeof tab.label === 'string';
}

/** A tab is added only when its route allows tabs and it has a path and a label. */
export function isTabbable(tab: Pick<Tab, 'value' | 'label' | 'meta'>): boolean {
  return tab.meta?.isTab !== false && !!tab.value && !!tab.label;
}

/**
 * The tab strip: the home tab is always first and never closable; opening an open page
 * only activates it; closing the active tab activates the one before it (or the first). Persisted so a
 * reload keeps the strip.
 */
export class TabsStore {
  list: Tab[] = [];
  active = '';
  /**
   * Tabs whose pages hold changes not saved yet (useUnsavedChanges): closing them asks first. Not persisted:
   * a reload has lost the changes anyway.
   */
  unsaved = new Set<string>();
  /** Subjects given by pages whose tab is not open yet (a page's effects run before the layout records it). */
  private pendingSubjects = new Map<string, string>();

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get home(): Tab {
    return this.list[0] ?? homeTab();
  }

  get activeTab(): Tab {
    return this.list.find((t) => t.value === this.active) ?? this.home;
  }

  /** Reads the persisted strip (call once the site configuration is set). */
  restore(): void {
    const home = homeTab();
    const stored = getStore<unknown[]>('tagList');
    const rest = (Array.isArray(stored) ? stored.filter(isTab) : []).filter((t) => t.value !== home.value && isTabbable(t));
    const unique = rest.filter((t, i) => rest.findIndex((o) => o.value === t.value) === i).map((t) => ({ ...t, close: true }));
    this.list = [home, ...unique];
    const active = getStore<string>('tag');
    this.active = typeof active === 'string' && this.list.some((t) => t.value === active) ? active : home.value;
  }

  /**
   * Adds (or re-activates) a tab. Returns false when the route is not one that makes tabs. `replacing`
   * names the active tab the page takes the place of (a new record's editor becoming the saved record's):
   * that tab closes and the page's tab stands where it stood.
   */
  open(tab: Tab, replacing?: string): boolean {
    if (this.list.length === 0) this.restore();
    if (!isTabbable(tab)) return false;
    // Only the tab being left: a reload that finds the move in the history entry again closes nothing.
    const replaced = replacing && replacing === this.active && replacing !== tab.value ? this.list.findIndex((t) => t.value === replacing && t.close) : -1;
    const existing = this.list.find((t) => t.value === tab.value);
    if (existing) {
      // The same page again: no duplicate; keep the label current (a language switch, a renamed menu).
      if (existing.close) existing.label = tab.label;
      existing.path = tab.path;
      existing.menuId = tab.menuId ?? existing.menuId;
      if (replaced >= 0) this.list.splice(replaced, 1);
    } else {
      // A page taking a tab over shows the same record (the new one, saved): its name stays until the page says its own.
      const subject = tab.subject ?? this.pendingSubjects.get(tab.value) ?? (replaced >= 0 ? this.list[replaced]!.subject : undefined);
      this.list.splice(replaced >= 0 ? replaced : this.list.length, replaced >= 0 ? 1 : 0, { ...tab, subject, close: true });
    }
    this.pendingSubjects.delete(tab.value);
    this.active = tab.value;
    this.persist();
    return true;
  }

  /** Tells a tab what its page shows; `''` leaves the label alone again, `undefined` changes nothing. */
  setSubject(value: string, subject: string | undefined): void {
    if (subject === undefined) return;
    const tab = this.list.find((t) => t.value === value);
    if (!tab) {
      this.pendingSubjects.set(value, subject);
      return;
    }
    if (tab.subject === subject) return;
    tab.subject = subject || undefined;
    this.persist();
  }

  /** Where an open tab was last (its view state included): what showing it again opens. */
  pathOf(value: string): string {
    return this.list.find((t) => t.value === value)?.path ?? value;
  }

  /** Marks an already open tab active (clicking it). */
  select(value: string): void {
    if (this.list.some((t) => t.value === value)) {
      this.active = value;
      this.persist();
    }
  }

  /** Says whether a tab's page holds unsaved changes. */
  markUnsaved(value: string, unsaved: boolean): void {
    if (unsaved) this.unsaved.add(value);
    else this.unsaved.delete(value);
  }

  /**
   * The tabs a close would take away: the tab `value` (`close`), all but it (`closeOthers`; default the active
   * one) or all (`closeAll`). The home tab is never among them.
   */
  closedBy(action: 'close' | 'closeOthers' | 'closeAll', value: string = this.active): Tab[] {
    const closable = this.list.filter((t) => t.close);
    if (action === 'close') return closable.filter((t) => t.value === value);
    if (action === 'closeOthers') return closable.filter((t) => t.value !== value);
    return closable;
  }

  /** Closes a tab; returns the path to show next (unchanged when another tab was closed). */
  close(value: string): string {
    const index = this.list.findIndex((t) => t.value === value);
    if (index < 0 || !this.list[index]!.close) return this.active;
    this.list.splice(index, 1);
    if (this.active === value) this.active = (this.list[index - 1] ?? this.list[0] ?? this.home).value;
    this.persist();
    return this.active;
  }

  /** Keeps the home tab and the active one. */
  closeOthers(): string {
    this.list = this.list.filter((t) => !t.close || t.value === this.active);
    this.persist();
    return this.active;
  }

  /** Keeps only the home tab; returns its path. */
  closeAll(): string {
    this.list = [this.home];
    this.active = this.home.value;
    this.persist();
    return this.active;
  }

  /** Back to the home tab alone (sign-in, sign-out). */
  reset(): void {
    this.list = [homeTab()];
    this.active = this.list[0]!.value;
    this.persist();
  }

  /** Forgets the persisted strip (sign-out leaves nothing of the last user's pages behind). */
  clearStored(): void {
    removeStore('tagList');
    removeStore('tag');
  }

  private persist(): void {
    setStore({ name: 'tagList', content: this.list.filter((t) => t.close) });
    setStore({ name: 'tag', content: this.active });
  }
}

export const tabs = new TabsStore();
