import type { Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  attachment,
  bizError,
  type CrudRepo,
  crudRepo,
  currentLanguage,
  currentMember,
  describeRoute,
  docText,
  MSG,
  parseId,
  rData,
  requirePermission,
  type ServerContext,
  textParams,
  XLSX_TYPE,
} from '../../../core/sdk/server';
import { paymentHistory } from '../pay/history';
import { ORDER_CODE } from './codes';
import { certificateOrderEntity } from './entity';
import { EXPORT_MAX_ROWS, orderWorkbook, ordersToExport } from './export';
import { maskForCaller } from './rules';
import { orderSummary } from './summary';

/** The orders' endpoints besides the engine's (`page`, `detail`, `save`, `update`, `remove`). */
const BASE = '/xh/certificate/order';

const summaryData = z.object({
  today: z.object({ orders: z.number().describe(docText({ zh: '今日新订单数', en: 'Orders made today' })), takings: z.number().describe(docText({ zh: '今日收款（分，按支付时间）', en: 'Taken today (fen, by pay time)' })) }),
  yesterday: z.object({ orders: z.number(), takings: z.number() }),
  refunding: z.object({ count: z.number().describe(docText({ zh: '退款中的订单数', en: 'Orders with a refund in progress' })), amount: z.number().describe(docText({ zh: '退款中的金额（分）', en: 'Being refunded (fen)' })) }),
});

export function orderRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo: CrudRepo = crudRepo(certificateOrderEntity, ctx.ids);

  api.get(
    `${BASE}/getOrderInfo`,
    describeRoute({
      summary: { zh: '订单详情及支付记录', en: 'An order with its payment history' },
      description: {
        zh: '订单（身份证号按调用者权限脱敏）及其支付记录：支付、查询、关闭、退款与发货，按时间先后。',
        en: "The order (its ID number masked unless the caller may see it) and its payment history: payments, queries, closing, refunds and shipping, oldest first.",
      },
      query: textParams({ 'id!': { zh: '订单主键', en: 'Order id' } }),
    }),
    // As the engine's reads: the menu or any of its buttons.
    requirePermission(ctx, ORDER_CODE.menu, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const id = parseId(c.req.query('id'));
      const info = await ctx.db.tenant(me.tenantId, async (tx) => {
        const row = await repo.find(tx, me, id);
        if (!row) throw bizError(MSG.notFound);
        const order = repo.toJson(row);
        await maskForCaller(tx, me, [order]);
        return { ...order, payments: await paymentHistory(tx, me.tenantId, id) };
      });
      return c.json(rData(info));
    },
  );

  api.post(
    `${BASE}/export`,
    describeRoute({
      summary: { zh: '导出证书订单（Excel）', en: 'Export certificate orders (Excel)' },
      description: {
        zh: `条件同订单列表（查询参数），导出全部匹配的订单（不分页），表头为调用者语言；超过${EXPORT_MAX_ROWS}条时拒绝。`,
        en: `The list's conditions (query parameters); every matching order, not one page, headed in the caller's language; refused beyond ${EXPORT_MAX_ROWS} orders.`,
      },
      entity: certificateOrderEntity,
      filters: true,
      answer: { contentType: XLSX_TYPE, schema: { type: 'string', format: 'binary' } },
    }),
    requirePermission(ctx, ORDER_CODE.export),
    async (c) => {
      const me = currentMember(c);
      const found = await ctx.db.tenant(me.tenantId, (tx) => ordersToExport(tx, ctx, repo, me, c.req.query()));
      // Written after the transaction: a held transaction would keep the embedded database from everyone else.
      const bytes = await orderWorkbook(found);
      const day = ctx.now().toISOString().slice(0, 10).replaceAll('-', '');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': XLSX_TYPE,
        'Content-Disposition': attachment(`certificate-orders-${day}.xlsx`, `${currentLanguage() === 'en' ? 'certificate-orders' : '证书订单'}-${day}.xlsx`),
        'Cache-Control': 'no-store',
      });
    },
  );

  api.get(
    `${BASE}/summary`,
    describeRoute({
      summary: { zh: '证书订单概况（首页卡片）', en: 'Certificate orders at a glance (home cards)' },
      description: {
        zh: '今日与昨日（服务器日历日）的新订单数与收款（分，按支付时间），以及退款中的订单数与金额。',
        en: "New orders and takings (fen, by pay time) today and yesterday, in the server's calendar days, and the refunds in progress.",
      },
      data: summaryData,
    }),
    requirePermission(ctx, ORDER_CODE.view),
    async (c) => {
      const me = currentMember(c);
      return c.json(rData(await ctx.db.tenant(me.tenantId, (tx) => orderSummary(tx, me.tenantId, ctx.now()))));
    },
  );
}
