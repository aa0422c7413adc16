import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { definePlugin } from '../../plugin/types';
import { tabs } from '../../tabs/tabs';
import { renderPlugin, respond } from '../../testing';
import { useUnsavedChanges } from './page-tab';

/** A page with changes not saved until its button is pressed. */
function DraftPage() {
  const [unsaved, setUnsaved] = useState(true);
  useUnsavedChanges(unsaved);
  return <button onClick={() => setUnsaved(false)}>{unsaved ? 'save the draft' : 'draft saved'}</button>;
}

const pagesPlugin = definePlugin({
  id: 'pages',
  name: { zh: '页面', en: 'Pages' },
  routes: [
    { path: '/pages/a', load: async () => ({ default: () => <p>page a</p> }), meta: { title: { zh: '甲页', en: 'Page A' } } },
    { path: '/pages/b', load: async () => ({ default: () => <p>page b</p> }), meta: { title: { zh: '乙页', en: 'Page B' } } },
    { path: '/pages/draft', load: async () => ({ default: DraftPage }), meta: { title: { zh: '草稿', en: 'Draft' } } },
  ],
});

const titles = () => [...document.querySelectorAll('.ba-tab-title')].map((el) => el.textContent);

async function openTwoPages() {
  const app = await renderPlugin(pagesPlugin, { backend: respond(), route: '/pages/a', user: { permissions: ['wel', 'desk', 'test', 'info'] } });
  await screen.findByText('page a');
  app.navigate('/pages/b');
  await screen.findByText('page b');
  await waitFor(() => expect(titles()).toEqual(['首页', '甲页', '乙页']));
  return app;
}

/** Right-clicks a tab's title and picks an entry of its context menu. */
async function fromContextMenu(tabTitle: string, entry: string) {
  const title = [...document.querySelectorAll<HTMLElement>('.ba-tab-title')].find((el) => el.textContent === tabTitle)!;
  fireEvent.contextMenu(title);
  fireEvent.click(await screen.findByRole('menuitem', { name: entry }));
}

describe('the tab strip’s context menu', () => {
  it('“close all” keeps only the home tab, whichever tab was right-clicked', async () => {
    await openTwoPages();
    await fromContextMenu('甲页', '关闭全部');
    await waitFor(() => expect(titles()).toEqual(['首页']));
    expect(window.location.pathname).toBe('/wel/index');
    expect(tabs.list.map((tab) => tab.value)).toEqual(['/wel/index']);
  });

  it('“close others” keeps home and the right-clicked tab, and shows it', async () => {
    await openTwoPages();
    await fromContextMenu('甲页', '关闭其他');
    await waitFor(() => expect(titles()).toEqual(['首页', '甲页']));
    expect(window.location.pathname).toBe('/pages/a');
  });
});

describe('labels that may be cut', () => {
  it('carry their whole text as a tooltip: tabs, sidebar items and the product title', async () => {
    await openTwoPages();
    const tabTitles = [...document.querySelectorAll<HTMLElement>('.ba-tab-title')];
    expect(tabTitles.map((el) => el.title)).toEqual(['首页', '甲页', '乙页']);
    const sidebar = [...document.querySelectorAll<HTMLElement>('.ba-sider .ba-menu-text')];
    expect(sidebar.length).toBeGreaterThan(0);
    for (const el of sidebar) expect(el.title).toBe(el.textContent);
    const logo = document.querySelector<HTMLElement>('.ba-logo-title')!;
    expect(logo.title).toBe(logo.textContent);
  });
});

describe('a page with unsaved changes (useUnsavedChanges)', () => {
  async function openDraft() {
    const app = await openTwoPages();
    app.navigate('/pages/draft');
    await screen.findByText('save the draft');
    await waitFor(() => expect(titles()).toEqual(['首页', '甲页', '乙页', '草稿']));
    return app;
  }
  const titleOf = (text: string) => [...document.querySelectorAll<HTMLElement>('.ba-tab-title')].find((el) => el.textContent === text)!;
  const closeIconOf = (text: string) => titleOf(text).closest('.arco-tabs-header-title')!.querySelector<HTMLElement>('.arco-tabs-close-icon')!;
  const question = () => screen.findByText('关闭后，「草稿」 中未保存的修改将丢失。');

  it('marks its tab, and its × asks first: 取消 keeps the page, 放弃修改并关闭 closes it', async () => {
    await openDraft();
    expect(titleOf('草稿').className).toContain('is-unsaved');
    expect(titleOf('草稿').title).toBe('草稿 (有未保存的修改)');
    expect(titleOf('乙页').className).not.toContain('is-unsaved');

    fireEvent.click(closeIconOf('草稿'));
    const dialog = (await question()).closest('.arco-modal') as HTMLElement;
    expect(dialog.textContent).toContain('放弃未保存的修改？');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('放弃未保存的修改？')).toBeNull());
    expect(titles()).toEqual(['首页', '甲页', '乙页', '草稿']);
    expect(screen.getByText('save the draft')).toBeTruthy();

    fireEvent.click(closeIconOf('草稿'));
    await question();
    fireEvent.click(screen.getByRole('button', { name: '放弃修改并关闭' }));
    await waitFor(() => expect(titles()).toEqual(['首页', '甲页', '乙页']));
    expect(window.location.pathname).toBe('/pages/b');
    expect(tabs.unsaved.size).toBe(0);
    await waitFor(() => expect(screen.queryByText('放弃未保存的修改？')).toBeNull());
  });

  it('close others and close all ask when they would close it, and not once it is saved', async () => {
    await openDraft();
    // Keeping the draft itself asks nothing.
    await fromContextMenu('草稿', '关闭其他');
    await waitFor(() => expect(titles()).toEqual(['首页', '草稿']));
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();

    await fromContextMenu('草稿', '关闭全部');
    await question();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('放弃未保存的修改？')).toBeNull());
    expect(titles()).toEqual(['首页', '草稿']);

    fireEvent.click(screen.getByText('save the draft'));
    await screen.findByText('draft saved');
    await waitFor(() => expect(titleOf('草稿').className).not.toContain('is-unsaved'));
    await fromContextMenu('草稿', '关闭全部');
    await waitFor(() => expect(titles()).toEqual(['首页']));
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();
    expect(tabs.unsaved.size).toBe(0);
  });

  it('asks before the browser’s own tab is closed or reloaded, until saved', async () => {
    await openDraft();
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving()).toBe(true);
    fireEvent.click(screen.getByText('save the draft'));
    await screen.findByText('draft saved');
    expect(leaving()).toBe(false);
  });
});
