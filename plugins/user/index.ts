import { definePlugin } from '../../core/sdk/shared';
import { userEntity } from './entities';
import { userMessages } from './locales';
import { userManifest } from './manifest';

/** Users administration (SPEC §1, §6, §7): the department tree beside the users of the chosen department. */
export const userPlugin = definePlugin({
  ...userManifest,
  entities: [userEntity],
  messages: userMessages,
  routes: [{ path: '/system/user', load: () => import('./screens/UserPage'), meta: { title: userManifest.name } }],
});

export default userPlugin;
