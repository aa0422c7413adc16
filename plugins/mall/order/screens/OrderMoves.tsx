import { useState } from 'react';
import { Button, Modal, Space } from '@arco-design/web-react';
import { localText, nextStates, stateLabel, toastSuccess, useCan, useTranslation } from '../../../../core/sdk/browser';
import { ORDER_STATE, ORDER_STATUS_CODE, orderMachine, type OrderState } from '../states';
import { moveOrder } from './api';
import { ShipDialog } from './ShipDialog';

export interface MovableOrder {
  id: string;
  orderNo: string;
  status: OrderState;
  logisticsCompany: string;
  logisticsNo: string;
}

/** What a move does besides the state, said in its confirmation. */
const NOTES: Partial<Record<OrderState, string>> = {
  [ORDER_STATE.paid]: 'mall.order.movePaid',
  [ORDER_STATE.refunded]: 'mall.order.moveRefunded',
  [ORDER_STATE.cancelled]: 'mall.order.moveCancelled',
};

/** Moves that undo something: their buttons and confirmations are red. */
const DANGER: readonly OrderState[] = [ORDER_STATE.cancelled, ORDER_STATE.refunded];

/**
 * The moves an order may take next (the state table's), one button each, for holders of 状态流转. Each is
 * confirmed first, naming both states; 发货 asks for the tracking number instead. Whatever the server
 * answers, the order and the list are read again.
 */
export function OrderMoves({ order }: { order: MovableOrder }) {
  const { t } = useTranslation();
  const may = useCan(ORDER_STATUS_CODE).can;
  const [shipping, setShipping] = useState(false);
  const next = nextStates(orderMachine, order.status);
  if (!may) return null;
  if (next.length === 0) return <span className="ba-order-muted">{t('mall.order.noMoves')}</span>;

  const confirm = (to: OrderState) => {
    const action = t(`mall.order.move.${to}`);
    const note = NOTES[to];
    Modal.confirm({
      title: action,
      content: (
        <>
          <p>{t('mall.order.confirmMove', { no: order.orderNo, from: localText(stateLabel(orderMachine, order.status)), to: localText(stateLabel(orderMachine, to)) })}</p>
          {note ? <p className="ba-order-muted">{t(note)}</p> : null}
        </>
      ),
      okText: action,
      cancelText: t('crud.cancel'),
      okButtonProps: DANGER.includes(to) ? { status: 'danger' } : undefined,
      onOk: async () => {
        try {
          await moveOrder(order.id, to);
        } catch {
          return; // the toast said why; the order was read again
        }
        toastSuccess(t('mall.order.done'));
      },
    });
  };

  return (
    <>
      <Space wrap>
        {next.map((to) => (
          <Button
            key={to}
            type={DANGER.includes(to) ? 'secondary' : 'primary'}
            status={DANGER.includes(to) ? 'danger' : undefined}
            onClick={() => (to === ORDER_STATE.shipped ? setShipping(true) : confirm(to))}
            data-testid={`order-move-${to}`}
          >
            {t(`mall.order.move.${to}`)}
          </Button>
        ))}
      </Space>
      {shipping ? <ShipDialog order={order} onClose={() => setShipping(false)} /> : null}
    </>
  );
}
