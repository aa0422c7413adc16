import { definePlugin } from '../../core/plugin/types';
import { regionEntity } from './entities';
import { regionMessages } from './locales';
import { regionManifest } from './manifest';

/** Administrative divisions (SPEC §1 regions): a lazily loaded tree with the chosen region's form beside it. */
export const regionPlugin = definePlugin({
  ...regionManifest,
  entities: [regionEntity],
  messages: regionMessages,
  routes: [{ path: '/base/region', load: () => import('./screens/RegionPage'), meta: { title: regionManifest.name } }],
});

export default regionPlugin;
