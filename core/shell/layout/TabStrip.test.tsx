import { fireEvent, screen, waitFor } from '@testing-library/react';
import { definePlugin } from '../../plugin/types';
import { tabs } from '../../tabs/tabs';
import { renderPlugin, respond } from '../../testing';

const pagesPlugin = definePlugin({
  id: 'pages',
  name: { zh: '页面', en: 'Pages' },
  routes: [
    { path: '/pages/a', load: async () => ({ default: () => <p>page a</p> }), meta: { title: { zh: '甲页', en: 'Page A' } } },
    { path: '/pages/b', load: async () => ({ default: () => <p>page b</p> }), meta: { title: { zh: '乙页', en: 'Page B' } } },
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
