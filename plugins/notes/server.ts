import { mountCrud, crudRepo } from '../../core/server/crud';
import { defineServerPlugin } from '../../core/server/plugin';
import { noteEntity } from './entities';
import { notesManifest } from './manifest';

/** The server part: the table from the entity, its endpoints from the CRUD engine, two demo notes. */
export const notesServer = defineServerPlugin({
  manifest: notesManifest,
  entities: [noteEntity],
  routes(api, ctx) {
    // GET page, GET detail, POST submit, POST remove under /api/blade-desk/note, with the permission checks.
    mountCrud(api, ctx, noteEntity);
  },
  async seed(tx, ctx) {
    const notes = crudRepo(noteEntity, ctx.ids);
    const admin = { tenantId: '000000', userId: '', deptIds: [] };
    await notes.insert(tx, admin, { title: '欢迎使用便签', content: '这是便签插件的示例数据。', category: 'idea', pinned: 1 }, ctx.now());
    await notes.insert(tx, admin, { title: '周会', content: '周一上午十点', category: 'work', pinned: 0 }, ctx.now());
  },
});

export default notesServer;
