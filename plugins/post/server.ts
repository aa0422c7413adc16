import { addressedTenant, actorIn, crudRepo, currentMember, defineServerPlugin, entityIdsByName, entityNames, rData, SEED } from '../../core/sdk/server';
import postPlugin, { postEntity } from './index';
import { describeRoute, textParams } from '../../core/sdk/server';

/** What a selector of posts shows of each. */
const CHOICE = ['id', 'tenantId', 'category', 'postCode', 'postName', 'sort'] as const;

/**
 * Posts on the engine. By hand: `select` (every live post of a tenant, the user form's choices: any
 * member may ask, since it shows only names; the super administrator may ask for another tenant's with
 * `tenantId`). The kernel asks this plugin for post names by id and ids by name or code (a user's posts,
 * the user import); a new tenant's administrator is its 首席执行官.
 */
export default defineServerPlugin(postPlugin, {
  routes(api, ctx) {
    const posts = crudRepo(postEntity, ctx.ids);
    api.get('/blade-system/post/select', describeRoute({ summary: { zh: '岗位选项（任何成员）', en: 'Posts to choose from (any member)' }, query: textParams({ tenantId: { zh: '租户编号（仅 000000 租户的管理员可指定其他租户）', en: 'Tenant id (only an administrator of tenant 000000 may name another)' } }) }), async (c) => {
      const user = currentMember(c);
      const tenantId = addressedTenant(postEntity, user, c.req.query('tenantId'));
      const rows = await ctx.db.tenant(tenantId, (tx) => posts.rows(tx, actorIn(user, tenantId), {}));
      const choice = (json: Record<string, unknown>) => Object.fromEntries(CHOICE.map((key) => [key, json[key]]));
      return c.json(rData(rows.map((row) => choice(posts.toJson(row)))));
    });
  },
  provides: { names: { post: entityNames(postEntity, 'postName') }, idsByName: { post: entityIdsByName(postEntity, ['postName', 'postCode']) } },
  async onTenantCreated(tx, tenant, ctx) {
    const id = ctx.ids.next();
    await tx.query(`insert into blade_post (id, tenant_id, category, post_code, post_name, sort) values ($1, $2, 1, 'ceo', '首席执行官', 1)`, [id, tenant.tenantId]);
    await tx.query(`update blade_user set post_id = $1 where id = $2 and tenant_id = $3`, [id, tenant.adminUserId, tenant.tenantId]);
  },
  // SpringBlade's demo posts in tenant 000000 (the seeded users are its ceo); kept inside the seed, whose
  // source keys the test server's database snapshot.
  async seed(tx) {
    const seeded: [string, number, string, string, number, string][] = [
      [SEED.postId, 1, 'ceo', '首席执行官', 1, '总经理'],
      ['1123598817738675202', 1, 'coo', '首席运营官', 2, '常务总经理'],
      ['1123598817738675203', 1, 'cfo', '首席财务官', 3, '财务总经理'],
      ['1123598817738675204', 1, 'cto', '首席技术官', 4, '技术总监'],
      ['1123598817738675205', 1, 'cio', '首席信息官', 5, '信息总监'],
      ['1123598817738675206', 2, 'pm', '技术经理', 6, '研发和产品是永远的朋友'],
      ['1123598817738675207', 2, 'hrm', '人力经理', 7, '人力资源部门工作管理者'],
      ['1123598817738675208', 3, 'staff', '普通员工', 8, '普通员工'],
    ];
    if (!(await tx.one('select 1 as found from blade_tenant where tenant_id = $1', ['000000']))) return;
    for (const [id, category, code, name, sort, remark] of seeded) {
      await tx.query(
        `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, remark) values ($1, '000000', $2, $3, $4, $5, $6) on conflict (id) do nothing`,
        [id, category, code, name, sort, remark],
      );
    }
  },
});
