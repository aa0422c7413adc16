import type { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/middleware';
import type { AppEnv, ServerContext } from '../context';
import { rData } from '../http/r';
import { optionalParam, parseInput } from '../http/validate';
import { isId } from '../user/users';
import { menusById, pruneEmptyGroups, visibleMenus } from './queries';
import { buildTree } from './tree';
import { buttonNode, menuVO, topMenuVO } from './vo';
import { describeRoute } from '../openapi/describe';

const routesQuery = z.object({
  topMenuId: optionalParam(19).pipe(z.string().regex(/^\d+$/).optional()),
});

/** `/blade-system/menu/{routes,buttons,top-menu}`: what the signed-in user's sidebar and buttons show. */
export function menuRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get('/blade-system/menu/routes', describeRoute({ summary: { zh: '当前用户的菜单（侧边栏）', en: "The signed-in user's menus (the sidebar)" }, query: routesQuery }), async (c) => {
    const user = currentUser(c);
    const { topMenuId } = parseInput(routesQuery, c.req.query());
    const pluginIds = await ctx.tenantPlugins.visible(user.tenantId);
    const tree = await ctx.db.tenant(user.tenantId, async (tx) => {
      let menus = await visibleMenus(tx, user, pluginIds, 1);
      if (topMenuId && isId(topMenuId) && ctx.extensions.topMenus) {
        const shown = await ctx.extensions.topMenus.menuIds(tx, user.tenantId, topMenuId);
        menus = menus.filter((m) => shown.has(m.id));
      }
      return buildTree(pruneEmptyGroups(menus).map(menuVO));
    });
    return c.json(rData(tree));
  });

  api.get('/blade-system/menu/buttons', describeRoute({ summary: { zh: '当前用户的按钮权限', en: "The signed-in user's buttons" } }), async (c) => {
    const user = currentUser(c);
    const pluginIds = await ctx.tenantPlugins.visible(user.tenantId);
    const tree = await ctx.db.tenant(user.tenantId, async (tx) => {
      const buttons = await visibleMenus(tx, user, pluginIds, 2);
      const parents = await menusById(tx, [...new Set(buttons.map((b) => b.parent_id))]);
      return buildTree([...parents, ...buttons].map(buttonNode));
    });
    return c.json(rData(tree));
  });

  // Only the top menus under which this user would see something, each with the ids of those menus (the
  // top bar marks the top menu of the page shown, even when the whole menu is in the sidebar).
  api.get('/blade-system/menu/top-menu', describeRoute({ summary: { zh: '当前用户的顶部菜单', en: "The signed-in user's top menus" } }), async (c) => {
    const user = currentUser(c);
    const pluginIds = await ctx.tenantPlugins.visible(user.tenantId);
    const store = ctx.extensions.topMenus;
    const list = await ctx.db.tenant(user.tenantId, async (tx) => {
      if (!store) return [];
      const visible = new Set(pruneEmptyGroups(await visibleMenus(tx, user, pluginIds, 1)).map((m) => m.id));
      const tops = await store.forTenant(tx, user.tenantId);
      return tops
        .map((t) => ({ ...topMenuVO(t), menuIds: t.menu_ids.filter((id) => visible.has(id)) }))
        .filter((t) => t.menuIds.length > 0);
    });
    return c.json(rData(list));
  });
}
