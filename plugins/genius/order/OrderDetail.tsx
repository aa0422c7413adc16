import { Button, Descriptions, Drawer, Skeleton, Tag, Timeline } from '@arco-design/web-react';
import { entityDetailQuery, formatYuan, localText, stateLabel, useQuery, useTranslation } from '../../../core/sdk/browser';
import { geniusOrderEntity, geniusOrderMachine, ORDER_STATE } from './entity';
import { OrderMoveButtons } from './OrderMoveButtons';
import { useOrderMove } from './useOrderMove';

const fields = geniusOrderEntity.fields;

/** The state as its coloured tag. */
export function OrderStateTag({ status }: { status: unknown }) {
  const state = geniusOrderMachine.states.find((s) => s.value === Number(status));
  if (!state) return <>-</>;
  return <Tag color={state.color}>{localText(state.label)}</Tag>;
}

/** The order's way so far: made, paid, confirmed, completed, and how it ended when it was cancelled or refunded. */
function Progress({ order }: { order: Record<string, unknown> }) {
  const { t } = useTranslation();
  const status = Number(order.status);
  const steps: { key: string; label: string; time: unknown }[] = [
    { key: 'created', label: t('genius.order.created'), time: order.createTime },
    { key: 'paid', label: t('genius.order.paid'), time: order.payTime },
    { key: 'confirmed', label: t('genius.order.confirmed'), time: order.confirmTime },
    { key: 'completed', label: t('genius.order.completed'), time: order.completeTime },
  ];
  const ended = status === ORDER_STATE.cancelled || status === ORDER_STATE.refunded;
  // An order that ended early shows the steps it reached, then how it ended.
  const shown = ended ? steps.filter((step) => step.time) : steps;
  return (
    <Timeline aria-label={t('genius.order.history')}>
      {shown.map((step) => (
        <Timeline.Item key={step.key} label={step.time ? String(step.time) : t('genius.order.notYet')} dotColor={step.time ? undefined : 'var(--color-fill-4)'}>
          {step.label}
        </Timeline.Item>
      ))}
      {ended ? (
        <Timeline.Item key="ended" label={String(order.updateTime ?? '')} dotColor={status === ORDER_STATE.refunded ? 'rgb(var(--red-6))' : 'var(--color-text-3)'}>
          {localText(stateLabel(geniusOrderMachine, status))}
        </Timeline.Item>
      ) : null}
    </Timeline>
  );
}

/**
 * An order's details beside the list: what was booked, with whom, for how much, how far it got, and the
 * moves it may make next. Read through the order's resource, so a move (here or in the list) shows at once.
 */
export function OrderDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery(id ? entityDetailQuery(geniusOrderEntity, id) : null);
  const order = detail.data;
  const moves = useOrderMove();
  // For whoever may move orders: the moves it may make, or that it makes none any more.
  const footer = !order || !moves.may ? null : moves.nextOf(order).length ? <OrderMoveButtons order={order} size="default" type="secondary" /> : <span className="genius-order-over">{t('genius.order.noMoves')}</span>;
  const label = (name: keyof typeof fields) => localText(fields[name].label);
  return (
    <Drawer
      visible={id !== null}
      width={520}
      title={t('genius.order.detail')}
      onCancel={onClose}
      footer={footer}
      unmountOnExit
      className="genius-order-detail"
    >
      {detail.failed && !order ? (
        <div role="alert" className="genius-order-failed">
          <span>{t('genius.order.loadFailed')}</span>
          <Button size="small" onClick={() => void detail.reload()}>
            {t('genius.order.retry')}
          </Button>
        </div>
      ) : !order ? (
        <div role="status" aria-label={t('crud.loading')}>
          <Skeleton animation text={{ rows: 6 }} />
        </div>
      ) : (
        <div data-testid="genius-order-detail" data-status={String(order.status)}>
          <Descriptions
            column={1}
            labelStyle={{ width: 110 }}
            data={[
              { label: label('orderNo'), value: String(order.orderNo ?? '') },
              { label: label('status'), value: <OrderStateTag status={order.status} /> },
              { label: label('geniusName'), value: String(order.geniusName ?? '') || '-' },
              { label: label('service'), value: String(order.service ?? '') || '-' },
              { label: label('bookedTime'), value: String(order.bookedTime ?? '') || '-' },
              { label: label('amount'), value: typeof order.amount === 'number' ? formatYuan(order.amount, { symbol: true }) : '-' },
              { label: label('customerName'), value: String(order.customerName ?? '') || '-' },
              { label: label('customerMobile'), value: String(order.customerMobile ?? '') || '-' },
            ]}
          />
          <h4 className="genius-order-history">{t('genius.order.history')}</h4>
          <Progress order={order} />
        </div>
      )}
    </Drawer>
  );
}
