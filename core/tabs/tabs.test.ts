import { i18n } from '../i18n';
import { clearBrowserState, setTestSite } from '../testing/site';
import { HOME_LABEL_KEY, TabsStore, type Tab } from './tabs';

const tab = (value: string, patch: Partial<Tab> = {}): Tab => ({ label: value, value, params: {}, query: {}, meta: {}, group: [], close: true, ...patch });

describe('tabs', () => {
  let tabs: TabsStore;
  beforeEach(() => {
    setTestSite();
    clearBrowserState();
    tabs = new TabsStore();
    tabs.restore();
  });

  it('starts with the home tab, which is not closable and labelled through i18n', () => {
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index']);
    expect(tabs.home.close).toBe(false);
    expect(tabs.home.meta.i18n).toBe(HOME_LABEL_KEY);
    expect(i18n.t(HOME_LABEL_KEY)).toBe('首页');
    expect(tabs.close('/wel/index')).toBe('/wel/index');
    expect(tabs.list).toHaveLength(1);
  });

  it('does not duplicate an identical tab', () => {
    tabs.open(tab('/a'));
    tabs.open(tab('/b'));
    tabs.open(tab('/a'));
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/b']);
    expect(tabs.active).toBe('/a');
    tabs.open(tab('/wel/index', { label: '首页' }));
    expect(tabs.list).toHaveLength(3);
  });

  it('adds a tab only when meta.isTab is not false and path and label are set', () => {
    expect(tabs.open(tab('/x', { meta: { isTab: false } }))).toBe(false);
    expect(tabs.open(tab('', { label: 'no path' }))).toBe(false);
    expect(tabs.open(tab('/y', { label: '' }))).toBe(false);
    expect(tabs.list).toHaveLength(1);
  });

  it('closing the active tab activates the previous one; closing another keeps the active one', () => {
    for (const v of ['/a', '/b', '/c']) tabs.open(tab(v));
    expect(tabs.close('/c')).toBe('/b');
    expect(tabs.active).toBe('/b');
    expect(tabs.close('/a')).toBe('/b');
    expect(tabs.close('/b')).toBe('/wel/index');
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index']);
  });

  it('close others keeps home and the current tab; close all keeps only home', () => {
    for (const v of ['/a', '/b', '/c']) tabs.open(tab(v));
    tabs.select('/b');
    tabs.closeOthers();
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/b']);
    expect(tabs.closeAll()).toBe('/wel/index');
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index']);
    expect(tabs.active).toBe('/wel/index');
  });

  it('persists the strip and restores it after a reload', () => {
    tabs.open(tab('/a'));
    tabs.open(tab('/b?x=1', { label: 'B' }));
    const again = new TabsStore();
    again.restore();
    expect(again.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/b?x=1']);
    expect(again.active).toBe('/b?x=1');
    expect(again.list[2]!.close).toBe(true);
  });
});
