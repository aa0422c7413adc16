import { type LocalText, stateLabel } from '../../../core/sdk/server';
import { ORDER_LIMITS } from './entity';
import { orderMachine } from './states';

/** What the order's endpoints answer people, in both languages. */
export const ORDER_MSG = {
  noItems: { zh: '请选择商品', en: 'Please choose the products' },
  badItems: { zh: '请求参数格式错误: items', en: 'Malformed parameter: items' },
  tooManyLines: { zh: `每个订单最多${ORDER_LIMITS.lines}种商品`, en: `An order holds at most ${ORDER_LIMITS.lines} products` },
  badQuantity: (n: number): LocalText => ({
    zh: `第${n}个商品的数量须为1到${ORDER_LIMITS.quantity}之间的整数`,
    en: `Product ${n}: the quantity must be a whole number from 1 to ${ORDER_LIMITS.quantity}`,
  }),
  productGone: (n: number): LocalText => ({ zh: `第${n}个商品不存在或已下架`, en: `Product ${n} does not exist or is off sale` }),
  stockShort: (name: string): LocalText => ({ zh: `商品「${name}」库存不足`, en: `Not enough stock of “${name}”` }),
  productRemoved: (name: string): LocalText => ({ zh: `商品「${name}」已删除`, en: `The product “${name}” was removed` }),
  tooMuch: { zh: '订单金额超出上限', en: 'The order amount is over the limit' },
  needLogistics: { zh: '请先填写物流单号', en: 'Please enter the tracking number first' },
  lockedAfterPayment: (state: number): LocalText => {
    const label = stateLabel(orderMachine, state);
    return {
      zh: `订单「${label.zh}」后只能修改物流信息和备注`,
      en: `Once the order is “${label.en}”, only its logistics and remark may change`,
    };
  },
  cannotRemove: (orderNo: string, state: number): LocalText => {
    const label = stateLabel(orderMachine, state);
    return {
      zh: `订单「${orderNo}」为「${label.zh}」状态，请先完成或退款后再删除`,
      en: `The order “${orderNo}” is “${label.en}”: complete or refund it before removing it`,
    };
  },
} as const;
