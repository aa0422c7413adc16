import type { Hono } from 'hono';
import { type AppEnv, bizError, currentMember, defineServerPlugin, mountCrud, rData, SEED, type ServerContext } from '../../core/sdk/server';
import { postEntity } from './entities';
import { postManifest } from './manifest';

/**
 * Posts on the server: the `blade_post` table (per tenant, audit columns, logical delete) with `/api/blade-system/post/{list,detail,submit,remove}`
 * from the entity definition, and `select?tenantId=` (every live post of a tenant, for the user form: any
 * member may ask, since a selector shows only names).
 */
const TENANT_ID = /^\d{6}$/;

const pick = (json: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, json[k]]));

function selectRoute(api: Hono<AppEnv>, ctx: ServerContext, repo: ReturnType<typeof mountCrud>) {
  api.get('/blade-system/post/select', async (c) => {
    const user = currentMember(c);
    const asked = c.req.query('tenantId')?.trim();
    // Administrators (tenant 000000) may look at another tenant's posts; everyone else gets their own.
    let tenantId = user.tenantId;
    if (asked && user.isAdministrator && user.tenantId === '000000') {
      if (!TENANT_ID.test(asked)) throw bizError({ zh: 'tenantId: 格式错误', en: 'tenantId: malformed' });
      tenantId = asked;
    }
    // Any member of the tenant (the choices of a selector, as BladeX opens it): names, not the whole rows.
    const rows = await ctx.db.tenant(tenantId, (tx) => repo.rows(tx, { ...user, tenantId }, {}));
    return c.json(rData(rows.map((row) => pick(repo.toJson(row), ['id', 'tenantId', 'category', 'postCode', 'postName', 'sort']))));
  });
}

export const postServer = defineServerPlugin({
  manifest: postManifest,
  entities: [postEntity],
  routes(api, ctx) {
    const repo = mountCrud(api, ctx, postEntity);
    selectRoute(api, ctx, repo);
  },
  provides: {
    names: {
      post: async (tx, tenantId, ids) => {
        const rows = await tx.query<{ id: string; post_name: string }>(
          `select id::text as id, post_name from blade_post where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
          [tenantId, ids],
        );
        return ids.flatMap((id) => rows.filter((r) => r.id === id).map((r) => r.post_name));
      },
    },
  },
  // A new tenant's administrator is its 首席执行官.
  async onTenantCreated(tx, tenant, ctx) {
    const id = ctx.ids.next();
    await tx.query(`insert into blade_post (id, tenant_id, category, post_code, post_name, sort) values ($1, $2, 1, 'ceo', '首席执行官', 1)`, [id, tenant.tenantId]);
    await tx.query(`update blade_user set post_id = $1 where id = $2 and tenant_id = $3`, [id, tenant.adminUserId, tenant.tenantId]);
  },
  // SpringBlade's demo posts in tenant 000000 (the seeded users are its ceo).
  async seed(tx) {
    const posts: [string, number, string, string, number, string][] = [
      [SEED.postId, 1, 'ceo', '首席执行官', 1, '总经理'],
      ['1123598817738675202', 1, 'coo', '首席运营官', 2, '常务总经理'],
      ['1123598817738675203', 1, 'cfo', '首席财务官', 3, '财务总经理'],
      ['1123598817738675204', 1, 'cto', '首席技术官', 4, '技术总监'],
      ['1123598817738675205', 1, 'cio', '首席信息官', 5, '信息总监'],
      ['1123598817738675206', 2, 'pm', '技术经理', 6, '研发和产品是永远的朋友'],
      ['1123598817738675207', 2, 'hrm', '人力经理', 7, '人力资源部门工作管理者'],
      ['1123598817738675208', 3, 'staff', '普通员工', 8, '普通员工'],
    ];
    const exists = await tx.one('select 1 as found from blade_tenant where tenant_id = $1', ['000000']);
    if (!exists) return;
    for (const [id, category, code, name, sort, remark] of posts) {
      await tx.query(
        `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, remark) values ($1, '000000', $2, $3, $4, $5, $6) on conflict (id) do nothing`,
        [id, category, code, name, sort, remark],
      );
    }
  },
});

export default postServer;
