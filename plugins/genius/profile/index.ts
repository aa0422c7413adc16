import { defineResource } from '../../../core/sdk/shared';
import { GENIUS_GROUP, geniusEntity } from './entity';

export { geniusEntity, GENIUS_CATEGORY_DICTIONARY, GENIUS_GROUP } from './entity';

/** 达人列表 under 达人管理: the kit's list screen, with tags as tags and a tag input in the form. The demo `user` role may look. */
export const geniusResource = defineResource({
  entity: geniusEntity,
  menu: { parent: GENIUS_GROUP, name: { zh: '达人列表', en: 'Geniuses' }, path: '/genius/list', icon: 'star', sort: 1 },
  grants: { user: ['view'] },
  screen: () => import('./GeniusPage'),
});

export const profileMessages = {
  zh: {
    tagsPlaceholder: '输入标签后按回车，最多 8 个',
  },
  en: {
    tagsPlaceholder: 'Type a tag and press Enter, at most 8',
  },
};
