import { definePlugin } from '../../core/plugin/types';
import { noteEntity } from './entities';
import { notesMessages } from './locales';
import { notesManifest } from './manifest';

/** The browser part: the manifest, the entity, the texts, and the route of the list screen (lazy). */
export const notesPlugin = definePlugin({
  ...notesManifest,
  entities: [noteEntity],
  messages: notesMessages,
  routes: [{ path: '/system/notes', load: () => import('./screens/NotesPage'), meta: { title: notesManifest.name } }],
});

export default notesPlugin;
