import { useState, type ReactNode } from 'react';
import { Button, Modal, Tooltip } from '@arco-design/web-react';
import { IconCloseCircle, IconSend, IconSync, IconThunderbolt, IconUndo } from '@arco-design/web-react/icon';
import { formatYuan, localText, stateLabel, toastSuccess, useGranted, useQuery, useTranslation } from '../../../core/sdk/browser';
import { ORDER_CODE } from '../order/codes';
import { PAY, PAY_STATE, SHIP, type PayState } from '../order/states';
import { closeOrder, providerQuery, queryPayment, simulatePayment } from './api';
import { RefundDialog } from './RefundDialog';
import { ShipDialog } from './ShipDialog';
import { REFUNDABLE_STATES, SHIPPABLE_STATES } from './states';

/** The order fields the actions read, as the list answers them. */
export interface PayActionsOrder {
  id?: string;
  orderNo?: unknown;
  payState?: unknown;
  shipState?: unknown;
  amount?: unknown;
  refundAmount?: unknown;
}

const CODES = [ORDER_CODE.refund, ORDER_CODE.query, ORDER_CODE.close, ORDER_CODE.ship] as const;

/** States worth asking the provider about: a payment or a refund may have moved there. */
const QUERYABLE: readonly PayState[] = [PAY.unpaid, PAY.paid, PAY.refunding, PAY.refundFailed];

const amountOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value ?? 0) || 0);

/**
 * An order row's payment actions, each shown by its code and the order's state: 退款 (a dialog) while
 * money is left to refund, 查询支付 unless the order is closed or refunded, 关闭订单 (after a confirmation)
 * while unpaid, 上传发货 (a dialog) once paid and not shipped, and 模拟支付 while unpaid when the tenant is
 * on the sandbox. A button waits while its call runs; `onChanged` reloads the orders after any change.
 */
export function PayActions({ order, onChanged }: { order: PayActionsOrder; onChanged?: () => void }) {
  const { t } = useTranslation();
  const can = useGranted(CODES);
  const [dialog, setDialog] = useState<'refund' | 'ship' | null>(null);
  const [busy, setBusy] = useState<'query' | 'close' | 'simulate' | null>(null);
  const provider = useQuery(can(ORDER_CODE.query) ? providerQuery : null);
  const id = order.id;
  if (!id) return null;
  const orderNo = typeof order.orderNo === 'string' ? order.orderNo : '';
  const payState = amountOf(order.payState) as PayState;
  const paid = amountOf(order.amount);
  const refunded = amountOf(order.refundAmount);
  const changed = () => onChanged?.();

  const run = async (which: 'query' | 'close' | 'simulate', call: () => Promise<string>) => {
    setBusy(which);
    try {
      toastSuccess(await call());
      changed();
    } catch {
      // the HTTP layer showed the server's reason
    } finally {
      setBusy(null);
    }
  };
  const queried = async () => {
    const answer = await queryPayment(id);
    return answer.tradeState ? t('certificate.pay.queryDone', { state: localText(stateLabel(PAY_STATE, answer.payState)) }) : t('certificate.pay.queryNotPaid');
  };
  const confirmClose = () =>
    Modal.confirm({
      title: t('certificate.pay.close'),
      content: t('certificate.pay.closeConfirm', { orderNo }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: () =>
        run('close', async () => {
          await closeOrder(id);
          return t('certificate.pay.closeDone');
        }),
    });
  const confirmSimulate = () =>
    Modal.confirm({
      title: t('certificate.pay.simulate'),
      content: t('certificate.pay.simulateConfirm', { orderNo, amount: formatYuan(paid, { symbol: true }) }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: () =>
        run('simulate', async () => {
          await simulatePayment(id);
          return t('certificate.pay.simulateDone');
        }),
    });

  const button = (key: string, label: string, icon: ReactNode, onClick: () => void, loading = false, danger = false) => (
    <Tooltip key={key} content={loading ? t('certificate.pay.working') : label} mini>
      <Button
        type="text"
        size="mini"
        status={danger ? 'danger' : undefined}
        icon={icon}
        loading={loading}
        disabled={busy !== null && !loading}
        aria-label={label}
        aria-busy={loading}
        data-testid={`pay-${key}`}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <>
      {can(ORDER_CODE.refund) && REFUNDABLE_STATES.includes(payState) && paid - refunded > 0 ? button('refund', t('certificate.pay.refund'), <IconUndo />, () => setDialog('refund')) : null}
      {can(ORDER_CODE.query) && QUERYABLE.includes(payState) ? button('query', t('certificate.pay.query'), <IconSync />, () => void run('query', queried), busy === 'query') : null}
      {can(ORDER_CODE.query) && payState === PAY.unpaid && provider.data === 'sandbox'
        ? button('simulate', t('certificate.pay.simulate'), <IconThunderbolt />, confirmSimulate, busy === 'simulate')
        : null}
      {can(ORDER_CODE.close) && payState === PAY.unpaid ? button('close', t('certificate.pay.close'), <IconCloseCircle />, confirmClose, busy === 'close', true) : null}
      {can(ORDER_CODE.ship) && SHIPPABLE_STATES.includes(payState) && amountOf(order.shipState) === SHIP.notShipped
        ? button('ship', t('certificate.pay.ship'), <IconSend />, () => setDialog('ship'))
        : null}
      {dialog === 'refund' ? <RefundDialog orderId={id} orderNo={orderNo} paid={paid} refunded={refunded} onDone={changed} onClose={() => setDialog(null)} /> : null}
      {dialog === 'ship' ? <ShipDialog orderId={id} orderNo={orderNo} onDone={changed} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
