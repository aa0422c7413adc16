import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, currentMember, describeRoute, docText, parseId, rData, readParams, requirePermission, rStatus, type ServerContext, str, textParams } from '../../../core/sdk/server';
import { ENABLED } from './entity';
import { makeDefaultCompany } from './rules';

/** The company's own endpoints besides the engine's (`page`, `detail`, `save`, `update`, `remove`). */
const BASE = '/company/information';

/** Whoever may make a company the default (a button of the company menu). */
export const DEFAULT_CODE = 'company_default';

/** A choice of the company selectors. */
const companyChoice = z.object({
  id: z.string().describe(docText({ zh: '公司主键', en: 'Company id' })),
  name: z.string(),
  shortName: z.string(),
  isDefault: z.number().describe(docText({ zh: '是否默认公司（1 是）', en: 'The default company (1)' })),
});

const MAX_CHOICES = 1000;

export function companyRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  // The choices of selectors (a staff member's company, a festival's companies): any member, names only.
  api.get(
    `${BASE}/list`,
    describeRoute({
      summary: { zh: '启用的公司（选择用，仅名称，任何成员）', en: 'Enabled companies (choices: names only; any member)' },
      description: { zh: '默认公司在前，其余按名称排序。', en: 'The default company first, then by name.' },
      data: z.array(companyChoice),
    }),
    async (c) => {
      const me = currentMember(c);
      const rows = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query<{ id: string; name: string | null; short_name: string | null; is_default: number | null }>(
          `select id::text as id, name, short_name, is_default from blade_company
            where tenant_id = $1 and is_deleted = 0 and status = $2 order by is_default desc nulls last, name, id limit ${MAX_CHOICES}`,
          [me.tenantId, ENABLED],
        ),
      );
      return c.json(rData(rows.map((r) => ({ id: r.id, name: str(r.name), shortName: str(r.short_name), isDefault: Number(r.is_default) === 1 ? 1 : 0 }))));
    },
  );

  api.post(
    `${BASE}/defaultCompany`,
    describeRoute({
      summary: { zh: '设为默认公司', en: 'Make a company the default' },
      description: {
        zh: '同一事务内取消本租户其他公司的默认标记并设置此公司；停用或已删除的公司不能设为默认。',
        en: "In one transaction: the tenant's other companies lose the mark, this one gets it. A disabled or removed company is refused.",
      },
      params: textParams({ 'id!': { zh: '公司主键', en: 'Company id' } }),
    }),
    requirePermission(ctx, DEFAULT_CODE),
    async (c) => {
      const me = currentMember(c);
      const id = parseId((await readParams(c)).id);
      await ctx.db.tenant(me.tenantId, (tx) => makeDefaultCompany(tx, me, id, ctx.now()));
      return c.json(rStatus(true));
    },
  );
}
