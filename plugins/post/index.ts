import { definePlugin } from '../../core/sdk/shared';
import { postEntity } from './entities';
import { postMessages } from './locales';
import { postManifest } from './manifest';

/** Posts (SPEC §7): one list screen driven by the entity definition. */
export const postPlugin = definePlugin({
  ...postManifest,
  entities: [postEntity],
  messages: postMessages,
  routes: [{ path: '/system/post', load: () => import('./screens/PostPage'), meta: { title: postManifest.name } }],
});

export default postPlugin;
