import type { Hono } from 'hono';
import { type AppEnv, currentMember, describeRoute, logEvent, parseInput, rData, readJson, requirePermission, rSuccess, type ServerContext } from '../../../core/sdk/server';
import { ORDER_CODE } from '../order/codes';
import { closeOrder } from './close';
import { queryOrderPayment } from './query';
import { refundOrder } from './refund';
import { idQuery, providerDoc, queryAnswer, refundAnswer, refundQuery, settingBody, settingDoc, shipQuery } from './schemas';
import { readSettingRow, readSettingView } from './settings';
import { saveSettings } from './settings-save';
import { shipOrder } from './ship';
import { simulatePayment } from './simulate';

/** The settings screen's code: tenant administrators only (no demo role is granted it). */
export const SETTING_CODE = 'certificate_setting';

const PAY = '/xh/pay';

/**
 * The payment actions on a certificate order (GET with the query, as the published calls are), the
 * sandbox's simulated payment, and the tenant's payment settings. Each checks its own button, works in
 * the caller's tenant on its rows only, and reaches the provider outside any transaction.
 */
export function payRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${PAY}/refundV3`,
    describeRoute({
      summary: { zh: '证书订单退款', en: 'Refund a certificate order' },
      description: {
        zh: '已支付的订单（或部分退款后仍有可退金额的）退回 amount 分：已退与退款中的金额加上本次不超过支付金额；订单行加锁，记录退款（操作人、时间、金额、原因、支付平台应答），订单变为退款中。',
        en: 'Returns `amount` fen of a paid order (or one partly refunded with money left): what is refunded or in progress plus this may not exceed what was paid; the order row is locked, the refund recorded (who, when, how much, why, the provider’s answer), the order moved to refund in progress.',
      },
      query: refundQuery,
      data: refundAnswer,
    }),
    requirePermission(ctx, ORDER_CODE.refund),
    async (c) => {
      const input = parseInput(refundQuery, c.req.query());
      const refund = await refundOrder(ctx, currentMember(c), input);
      logEvent(c, ctx, { event: 'refund.made', data: { kind: 'certificate', orderId: refund.id, outRefundNo: refund.outRefundNo, amount: input.amount, status: refund.status } });
      return c.json(rData(refund));
    },
  );

  api.get(
    `${PAY}/queryOrderV3`,
    describeRoute({
      summary: { zh: '查询证书订单支付', en: "Query a certificate order's payment" },
      description: {
        zh: '向支付平台查询交易与处理中的退款，更新订单：已支付（交易号、支付时间）、退款完成（全额为已退款，否则回到已支付）、退款失败；每次应答记入支付记录。',
        en: 'Asks the provider for the payment and each refund in progress, and updates the order: paid (transaction id, time), refunds settled (refunded when all came back, else paid again), refund failed; each answer goes into the history.',
      },
      query: idQuery,
      data: queryAnswer,
    }),
    requirePermission(ctx, ORDER_CODE.query),
    async (c) => {
      const { id } = parseInput(idQuery, c.req.query());
      return c.json(rData(await queryOrderPayment(ctx, currentMember(c), id)));
    },
  );

  api.get(
    `${PAY}/closeOrderV3`,
    describeRoute({
      summary: { zh: '关闭证书订单', en: 'Close a certificate order' },
      description: { zh: '未支付的订单在支付平台关闭后变为已关闭；已支付的订单不能关闭。', en: 'An unpaid order is closed at the provider, then marked closed; a paid one cannot be closed.' },
      query: idQuery,
    }),
    requirePermission(ctx, ORDER_CODE.close),
    async (c) => {
      const { id } = parseInput(idQuery, c.req.query());
      await closeOrder(ctx, currentMember(c), id);
      return c.json(rSuccess());
    },
  );

  api.get(
    `${PAY}/uploadShippingInfo`,
    describeRoute({
      summary: { zh: '上传证书订单发货信息', en: "Upload a certificate order's shipping" },
      description: {
        zh: '已支付且未全额退款、未发货的订单：向微信上传物流信息后变为已发货，记下物流公司与单号。',
        en: 'For a paid order not wholly refunded and not yet shipped: the tracking is uploaded to WeChat, then the order is marked shipped with its carrier and number.',
      },
      query: shipQuery,
    }),
    requirePermission(ctx, ORDER_CODE.ship),
    async (c) => {
      const input = parseInput(shipQuery, c.req.query());
      await shipOrder(ctx, currentMember(c), input);
      return c.json(rSuccess());
    },
  );

  api.post(
    `${PAY}/sandbox/pay`,
    describeRoute({
      summary: { zh: '沙箱模拟支付', en: 'Simulate a payment (sandbox)' },
      description: {
        zh: '仅当租户使用沙箱时：模拟客户支付未支付的订单（金额为订单金额），随后像收到支付通知一样更新订单。',
        en: 'Only for a tenant on the sandbox: the customer pays the unpaid order (its amount), then the order is updated as on a payment notice.',
      },
      query: idQuery,
      data: queryAnswer,
    }),
    requirePermission(ctx, ORDER_CODE.query),
    async (c) => {
      const { id } = parseInput(idQuery, c.req.query());
      return c.json(rData(await simulatePayment(ctx, currentMember(c), id)));
    },
  );

  api.get(
    `${PAY}/provider`,
    describeRoute({
      summary: { zh: '当前支付渠道', en: 'The payment provider in use' },
      description: { zh: '本租户使用的支付渠道（订单页据此显示沙箱的模拟支付）。', en: "The tenant's provider (the orders screen shows the sandbox's simulated payment by it)." },
      data: providerDoc,
    }),
    requirePermission(ctx, ORDER_CODE.menu, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      return c.json(rData({ provider: (await ctx.db.tenant(me.tenantId, (tx) => readSettingRow(tx, me.tenantId))).provider }));
    },
  );

  api.get(
    `${PAY}/setting/detail`,
    describeRoute({
      summary: { zh: '支付与证书设置', en: 'Payment and certificate settings' },
      description: { zh: '本租户的设置；密钥从不返回，只说明是否已设置。', en: "The tenant's settings; secrets are never answered, only whether each is set." },
      data: settingDoc,
    }),
    requirePermission(ctx, SETTING_CODE),
    async (c) => {
      const me = currentMember(c);
      return c.json(rData(await ctx.db.tenant(me.tenantId, (tx) => readSettingView(tx, me.tenantId))));
    },
  );

  api.post(
    `${PAY}/setting/submit`,
    describeRoute({
      summary: { zh: '保存支付与证书设置', en: 'Save the payment and certificate settings' },
      description: {
        zh: '密钥加密保存；留空的密钥保持不变。私钥与平台证书须能解析，APIv3 密钥 32 位，商户号为数字；选择微信支付时须填写全部凭据。',
        en: 'Secrets are stored sealed; an empty one keeps what is stored. Keys must parse, the APIv3 key has 32 characters, the merchant id is digits; WeChat Pay needs all its credentials.',
      },
      body: settingBody,
    }),
    requirePermission(ctx, SETTING_CODE),
    async (c) => {
      const me = currentMember(c);
      const body = parseInput(settingBody, await readJson(c));
      await ctx.db.tenant(me.tenantId, (tx) => saveSettings(tx, ctx, me, body));
      return c.json(rSuccess());
    },
  );
}
