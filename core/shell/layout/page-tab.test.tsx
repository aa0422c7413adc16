import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import type { PluginManifest } from '../../schema/manifest';
import { definePlugin } from '../../plugin/types';
import { tabs } from '../../tabs/tabs';
import { renderPlugin, respond } from '../../testing';
import { useReplaceTab, useTabSubject } from './page-tab';

/** A record's editor: a new one, once saved, becomes the saved record's page; a saved one names its tab. */
function NoteEditor() {
  const { id = '' } = useParams();
  const replaceTab = useReplaceTab();
  useTabSubject(id === 'new' ? undefined : `#${id}`);
  if (id !== 'new') return <p>note {id}</p>;
  return (
    <button type="button" onClick={() => replaceTab('/notes/edit/7')}>
      save the new note
    </button>
  );
}

const manifest: PluginManifest = {
  id: 'notes',
  name: { zh: '笔记', en: 'Notes' },
  menus: [{ code: 'notes', parent: 'system', name: { zh: '笔记', en: 'Notes' }, path: '/notes', icon: 'list', sort: 1 }],
};

const notesPlugin = definePlugin({
  ...manifest,
  routes: [
    { path: '/notes', load: async () => ({ default: () => <p>the notes</p> }), meta: { title: { zh: '笔记', en: 'Notes' } } },
    { path: '/notes/edit/:id', load: async () => ({ default: NoteEditor }), meta: { title: { zh: '编辑笔记', en: 'Edit note' } } },
  ],
});

const titles = () => [...document.querySelectorAll('.ba-tab-title')].map((el) => el.textContent);
const sidebarSelected = () => [...document.querySelectorAll('.ba-sider .arco-menu-item.arco-menu-selected .ba-menu-text')].map((el) => el.textContent);

describe('a page and its tab', () => {
  it('a new record’s editor hands its tab to the saved record’s page, which tells the tab what it shows; the sidebar marks the list it was opened from', async () => {
    const app = await renderPlugin(notesPlugin, { backend: respond(), route: '/notes', user: { permissions: ['notes'] } });
    await screen.findByText('the notes');
    app.navigate('/notes/edit/new');
    await screen.findByText('save the new note');
    await waitFor(() => expect(titles()).toEqual(['首页', '笔记', '编辑笔记']));
    // Not in the menu: the list it was opened from stays marked.
    await waitFor(() => expect(sidebarSelected()).toEqual(['笔记']));

    fireEvent.click(screen.getByText('save the new note'));
    await screen.findByText('note 7');
    expect(window.location.pathname).toBe('/notes/edit/7');
    // One tab, where the new one stood, named after the record; the blank editor is gone.
    await waitFor(() => expect(titles()).toEqual(['首页', '笔记', '编辑笔记 · #7']));
    expect(screen.queryByText('save the new note')).toBeNull();
    expect(tabs.list.map((tab) => tab.value)).toEqual(['/wel/index', '/notes', '/notes/edit/7']);
    await waitFor(() => expect(document.title.startsWith('编辑笔记 · #7')).toBe(true));
    expect(sidebarSelected()).toEqual(['笔记']);

    // Another record's editor beside it is told apart by its title.
    app.navigate('/notes/edit/8');
    await waitFor(() => expect(titles()).toEqual(['首页', '笔记', '编辑笔记 · #7', '编辑笔记 · #8']));
  });
});
