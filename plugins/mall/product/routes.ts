import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, currentMember, describeRoute, docText, parseInput, rData, type ServerContext, str } from '../../../core/sdk/server';
import { ON_SALE, PRODUCT_NAME_MAX, productEntity } from './entity';

/** The products' own endpoints besides the engine's (`page`, `detail`, `submit`, `remove`). */
const BASE = '/mall/product';

/** The most choices one call answers; a longer catalogue is searched by name. */
export const MAX_PRODUCT_CHOICES = 500;

/** A product as the order form offers it: its name and what an order line needs. */
export const productChoice = z.object({
  id: z.string().describe(docText({ zh: '商品主键', en: 'Product id' })),
  name: z.string(),
  price: z.number().int().describe(docText({ zh: '售价（分）', en: 'Price (fen)' })),
  stock: z.number().int().describe(docText({ zh: '库存', en: 'Stock' })),
  unit: z.string(),
  cover: z.string().describe(docText({ zh: '商品主图链接（可为空）', en: 'Cover link (may be empty)' })),
});
export type ProductChoice = z.infer<typeof productChoice>;

const listQuery = z.object({
  name: z
    .string()
    .max(PRODUCT_NAME_MAX)
    .optional()
    .describe(docText({ zh: '只列名称包含此文字的商品', en: 'Only products whose name contains this text' })),
});

export function productRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  // The order form's choices: any member of the tenant (an order's author need not manage products).
  api.get(
    `${BASE}/list`,
    describeRoute({
      summary: { zh: '在售商品（下单选择用，任何成员）', en: 'Products on sale (order choices; any member)' },
      description: {
        zh: `按排序、名称排列，最多 ${MAX_PRODUCT_CHOICES} 个；售罄的商品也列出（库存为 0）。`,
        en: `By sort, then name; at most ${MAX_PRODUCT_CHOICES}. Sold-out products are listed too (stock 0).`,
      },
      query: listQuery,
      data: z.array(productChoice),
    }),
    async (c) => {
      const me = currentMember(c);
      const { name } = parseInput(listQuery, c.req.query());
      const search = name?.trim() || null;
      const rows = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query<{ id: string; name: string | null; price: string | number | null; stock: number | null; unit: string | null; cover: string | null }>(
          `select id::text as id, name, price, stock, unit, cover from ${productEntity.table}
            where tenant_id = $1 and is_deleted = 0 and status = $2 and ($3::text is null or strpos(name, $3::text) > 0)
            order by sort nulls last, name, id limit ${MAX_PRODUCT_CHOICES}`,
          [me.tenantId, ON_SALE, search],
        ),
      );
      const choices: ProductChoice[] = rows.map((r) => ({ id: r.id, name: str(r.name), price: Number(r.price ?? 0), stock: Number(r.stock ?? 0), unit: str(r.unit), cover: str(r.cover) }));
      return c.json(rData(choices));
    },
  );
}
