import { crudRepo, defineServerPlugin } from '../../core/sdk/server';
import notesPlugin, { noteEntity } from './index';

/** The server part: the engine serves and stores the resource; the seed adds two demo notes. */
export default defineServerPlugin(notesPlugin, {
  async seed(tx, ctx) {
    const notes = crudRepo(noteEntity, ctx.ids);
    const admin = { tenantId: '000000', userId: '', deptIds: [] };
    await notes.insert(tx, admin, { title: '欢迎使用便签', content: '这是便签插件的示例数据。', category: 'idea', pinned: 1 }, ctx.now());
    await notes.insert(tx, admin, { title: '周会', content: '周一上午十点', category: 'work', pinned: 0 }, ctx.now());
  },
});
