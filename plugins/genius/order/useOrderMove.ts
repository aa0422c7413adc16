import { Modal } from '@arco-design/web-react';
import { http, invalidateResource, localText, nextStates, stateLabel, toastSuccess, useCan, useTranslation } from '../../../core/sdk/browser';
import { geniusEntity } from '../profile/entity';
import { geniusOrderEntity, geniusOrderMachine, ORDER_STATE, ORDER_STATUS_CODE } from './entity';

/** Moves that give the customer's money back or drop the order: their confirm button says so in red. */
const UNDOING: readonly number[] = [ORDER_STATE.cancelled, ORDER_STATE.refunded];

export interface MovableOrder {
  id?: unknown;
  orderNo?: unknown;
  status?: unknown;
}

/**
 * The order's moves for whoever holds 状态流转: the states it may go to next, and the move itself, asked
 * for once more (naming both states) and then sent. Either way every view of the orders and of the
 * geniuses (their order counts) loads again: after a refusal (someone else moved it first; the pipeline's
 * toast says why) the screen shows the state the order really is in.
 */
export function useOrderMove() {
  const { t } = useTranslation();
  const may = useCan(ORDER_STATUS_CODE).can;
  const nextOf = (order: MovableOrder): readonly number[] => (may && typeof order.status === 'number' ? nextStates(geniusOrderMachine, order.status) : []);
  const actionLabel = (to: number) => t(`genius.order.move.${to}`);
  const move = (order: MovableOrder, to: number) =>
    Modal.confirm({
      title: t('genius.order.moveTitle', { action: actionLabel(to) }),
      content: t('genius.order.moveConfirm', {
        orderNo: String(order.orderNo ?? ''),
        from: localText(stateLabel(geniusOrderMachine, Number(order.status))),
        to: localText(stateLabel(geniusOrderMachine, to)),
      }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      okButtonProps: UNDOING.includes(to) ? { status: 'danger' } : undefined,
      onOk: async () => {
        try {
          await http.post(`${geniusOrderEntity.api.base}/update/status`, undefined, { params: { id: String(order.id), status: to } });
          toastSuccess(t('genius.order.moved', { to: localText(stateLabel(geniusOrderMachine, to)) }));
        } catch {
          // The pipeline's toast said why.
        } finally {
          await Promise.all([invalidateResource(geniusOrderEntity), invalidateResource(geniusEntity)]);
        }
      },
    });
  return { may, nextOf, move, actionLabel, danger: (to: number) => UNDOING.includes(to) };
}
