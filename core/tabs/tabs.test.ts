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

  it('a page may take over the tab being left: it stands where that tab stood, which closes', () => {
    for (const v of ['/a', '/new', '/c']) tabs.open(tab(v));
    tabs.select('/new');
    tabs.open(tab('/7'), '/new');
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/7', '/c']);
    expect(tabs.active).toBe('/7');
    // The page taking over keeps the name the left tab had (the same record, saved) until it says its own.
    tabs.setSubject('/7', '差旅审批');
    tabs.open(tab('/new'));
    tabs.setSubject('/new', '出差审批');
    tabs.open(tab('/8'), '/new');
    expect(tabs.list.find((t) => t.value === '/8')?.subject).toBe('出差审批');
    tabs.close('/8');
    tabs.select('/7');
    // Only the tab being left: the same move found again (a reload of the history entry) closes nothing.
    tabs.open(tab('/new'));
    tabs.select('/a');
    tabs.open(tab('/7'), '/new');
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/7', '/c', '/new']);
    // Never the home tab; and onto a page already open, the left tab only closes.
    tabs.select('/wel/index');
    tabs.open(tab('/a'), '/wel/index');
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/7', '/c', '/new']);
    tabs.select('/new');
    tabs.open(tab('/c'), '/new');
    expect(tabs.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/7', '/c']);
    expect(tabs.active).toBe('/c');
  });

  it('a page tells its tab what it shows; that outlives a reload and a re-opening, and an empty one leaves the label alone', () => {
    tabs.open(tab('/m/1', { label: '设计' }));
    tabs.setSubject('/m/1', '设计 · 请假');
    tabs.setSubject('/m/1', undefined);
    tabs.open(tab('/m/1', { label: '设计' }));
    const again = new TabsStore();
    again.restore();
    expect(again.list[1]!.subject).toBe('设计 · 请假');
    again.setSubject('/m/1', '');
    expect(again.list[1]!.subject).toBeUndefined();
    // A page may tell its tab before the layout opens it (the page's effects run first).
    again.setSubject('/m/2', '设计 · 报销');
    expect(again.list).toHaveLength(2);
    again.open(tab('/m/2', { label: '设计' }));
    expect(again.list[2]!.subject).toBe('设计 · 报销');
  });

  it('keeps the menu a page was opened from unless the page names its own', () => {
    tabs.open(tab('/editor', { menuId: 'm1' }));
    tabs.open(tab('/editor'));
    expect(tabs.list[1]!.menuId).toBe('m1');
    tabs.open(tab('/editor', { menuId: 'm2' }));
    expect(tabs.list[1]!.menuId).toBe('m2');
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
