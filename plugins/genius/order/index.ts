import { defineResource } from '../../../core/sdk/shared';
import { GENIUS_GROUP } from '../profile/entity';
import { geniusOrderEntity, ORDER_STATUS_CODE } from './entity';

export { geniusOrderEntity, geniusOrderMachine, ORDER_STATE, ORDER_STATUS_CODE } from './entity';

/**
 * 达人订单 under 达人管理: the kit's list with the order's allowed next states as row actions and in its
 * detail (the button 状态流转 moves an order). The demo `user` role may look.
 */
export const orderResource = defineResource({
  entity: geniusOrderEntity,
  menu: { parent: GENIUS_GROUP, name: { zh: '达人订单', en: 'Genius orders' }, path: '/genius/order', icon: 'list', sort: 2 },
  grants: { user: ['view'] },
  buttons: [{ code: ORDER_STATUS_CODE, name: { zh: '状态流转', en: 'Change status' }, alias: 'status', icon: 'swap', sort: 5, action: 2 }],
  screen: () => import('./OrderPage'),
});

export const orderMessages = {
  zh: {
    move: { 1: '支付', 2: '确认', 3: '完成', 4: '取消', 5: '退款' },
    moveTitle: '订单{{action}}',
    moveConfirm: '确定将订单「{{orderNo}}」从「{{from}}」变为「{{to}}」？',
    moved: '订单已变为「{{to}}」',
    detail: '订单详情',
    history: '订单进度',
    created: '下单',
    paid: '支付',
    confirmed: '确认',
    completed: '完成',
    notYet: '未到此步',
    moves: '状态流转',
    noMoves: '订单已结束，不能再流转',
    loadFailed: '订单加载失败',
    retry: '重试',
  },
  en: {
    move: { 1: 'Mark paid', 2: 'Confirm', 3: 'Complete', 4: 'Cancel', 5: 'Refund' },
    moveTitle: '{{action}} the order',
    moveConfirm: 'Move the order {{orderNo}} from “{{from}}” to “{{to}}”?',
    moved: 'The order is now “{{to}}”',
    detail: 'Order details',
    history: 'Progress',
    created: 'Ordered',
    paid: 'Paid',
    confirmed: 'Confirmed',
    completed: 'Completed',
    notYet: 'Not yet',
    moves: 'Change status',
    noMoves: 'The order is over and moves no further',
    loadFailed: 'The order could not be loaded',
    retry: 'Retry',
  },
};
