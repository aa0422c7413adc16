import { defineResource } from '../../../core/sdk/shared';
import { GENIUS_GROUP } from '../profile/entity';
import { geniusInfoEntity } from './entity';

export { geniusInfoEntity } from './entity';

/** 达人文章 under 达人管理: the kit's list screen (cover thumbnails, state tags, the rich-text editor). The demo `user` role may look. */
export const articleResource = defineResource({
  entity: geniusInfoEntity,
  menu: { parent: GENIUS_GROUP, name: { zh: '达人文章', en: 'Genius articles' }, path: '/genius/article', icon: 'file-text', sort: 3 },
  grants: { user: ['view'] },
});
