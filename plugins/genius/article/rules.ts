import { bizError, type CrudHooks, formatDateTime, type ServerContext, str } from '../../../core/sdk/server';
import { geniusEntity } from '../profile/entity';
import { GENIUS_MSG, geniusNames } from '../profile/rules';
import { PUBLISHED } from './entity';

export const ARTICLE_MSG = {
  contentRequired: { zh: '请输入文章内容', en: 'Please enter the content' },
};

/**
 * The article rules of a save: its genius is one of the tenant's, a published article has content (the
 * content as the engine cleaned it: an emptied editor's `<p></p>` is none), and the first publication
 * stamps the publish time, which later saves keep.
 */
export function articleHooks(ctx: ServerContext): CrudHooks {
  return {
    async beforeChange({ tx, user, mode, values, existing }) {
      if (values.geniusId) {
        const genius = await tx.one(`select 1 as found from ${geniusEntity.table} where tenant_id = $1 and id = $2 and is_deleted = 0`, [user.tenantId, str(values.geniusId)]);
        if (!genius) throw bizError(GENIUS_MSG.unknown);
      }
      const status = Number('status' in values ? values.status : existing?.status);
      if (status !== PUBLISHED) return;
      const content = 'content' in values ? str(values.content) : mode === 'edit' ? str(existing?.content) : '';
      if (content.trim() === '') throw bizError(ARTICLE_MSG.contentRequired);
      if (!existing?.publish_time) values.publishTime = formatDateTime(ctx.now());
    },
    async afterRead({ tx, user, rows }) {
      const names = await geniusNames(tx, user.tenantId, rows.map((r) => str(r.geniusId)));
      for (const row of rows) row.geniusName = names.get(str(row.geniusId)) ?? '';
    },
  };
}
