import { crudButtons } from '../../core/plugin/crud-buttons';
import type { PluginManifest } from '../../core/plugin/manifest';

/** What the notes plugin owns: one menu under the shell's 系统管理 group, with its four buttons. */
export const notesManifest: PluginManifest = {
  id: 'notes',
  name: { zh: '便签', en: 'Notes' },
  menus: [
    {
      code: 'notes',
      parent: 'system',
      name: { zh: '便签', en: 'Notes' },
      path: '/system/notes',
      icon: 'file',
      sort: 20,
      // The demo role `user` may read and add notes; `administrator` always has everything.
      roles: ['user'],
      buttons: crudButtons('notes', { add: ['user'], view: ['user'] }),
    },
  ],
};
