import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Form, Skeleton, Tag, Timeline } from '@arco-design/web-react';
import { currentLanguage, EntityForm, formatYuan, localText, query, type Row, useQuery, useTranslation } from '../../../../core/sdk/browser';
import type { PaymentEvent } from '../../pay/payment-event';
import { REFUND_STATUS_LABELS } from '../../pay/states';
import { certificateOrderEntity } from '../entity';
import { ORDER_RESOURCE } from '../summary-shape';

type OrderInfo = Row & { orderNo?: string; payments?: PaymentEvent[] };

const STATUS_COLOR: Record<PaymentEvent['status'], string> = { success: 'green', processing: 'arcoblue', failed: 'red' };

function PaymentTimeline({ payments }: { payments: readonly PaymentEvent[] }) {
  const { t } = useTranslation();
  if (payments.length === 0) return <Empty description={t('certificate.order.noPayments')} />;
  return (
    <Timeline className="cert-order-timeline" aria-label={t('certificate.order.payments')}>
      {payments.map((event) => {
        const color = STATUS_COLOR[event.status] ?? 'gray';
        const refund = event.refundStatus ? REFUND_STATUS_LABELS[event.refundStatus] : undefined;
        const details = [
          t('certificate.order.operator', { name: event.operatorName || t('certificate.order.system') }),
          event.refundNo ? t('certificate.order.refundNo', { no: event.refundNo }) : '',
          event.reason ? t('certificate.order.reason', { text: event.reason }) : '',
          event.settleTime ? t('certificate.order.settled', { time: event.settleTime }) : '',
          event.answer ? t('certificate.order.answer', { text: event.answer }) : '',
        ].filter(Boolean);
        return (
          <Timeline.Item key={event.id} label={event.time} dotColor={`rgb(var(--${color}-6))`}>
            <div className="cert-order-event" data-testid="cert-payment-event">
              <strong>{t(`certificate.order.kind.${event.kind}`, { defaultValue: event.kind })}</strong>
              <Tag size="small" color={refund?.color ?? color}>
                {refund ? localText(refund) : t(`certificate.order.status.${event.status}`)}
              </Tag>
              {event.amount !== null ? <span className="cert-order-event-amount">{formatYuan(event.amount, { symbol: true })}</span> : null}
            </div>
            <div className="cert-order-event-meta">{details.join(' · ')}</div>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** The loaded order, read-only as the kit's view shows a row, then its payments. */
function OrderInfoBody({ info }: { info: OrderInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  // The form holds the row it was given: a reload (after a payment action) shows the new one.
  useEffect(() => form.setFieldsValue(info), [form, info]);
  return (
    <>
      <h3 className="cert-order-section">{t('certificate.order.order')}</h3>
      <EntityForm entity={certificateOrderEntity} form={form} mode="view" initialValues={info} />
      <h3 className="cert-order-section">{t('certificate.order.payments')}</h3>
      <PaymentTimeline payments={info.payments ?? []} />
    </>
  );
}

/**
 * 订单详情: the order (`getOrderInfo`, masked as the list) and its payment history as a timeline, newest
 * first. Read again whenever the orders change (a refund or a query made meanwhile).
 */
export function OrderDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Kept while the drawer closes, so its content does not vanish during the animation.
  const [shown, setShown] = useState<string | null>(orderId);
  useEffect(() => {
    if (orderId) setShown(orderId);
  }, [orderId]);
  const info = useQuery(shown ? query<OrderInfo>(ORDER_RESOURCE, `${ORDER_RESOURCE}/getOrderInfo`, { params: { id: shown } }) : null);
  const title = info.data?.orderNo ? t('certificate.order.detailTitle', { orderNo: info.data.orderNo }) : t('certificate.order.detail');
  return (
    <Drawer visible={orderId !== null} width={currentLanguage() === 'en' ? 960 : 820} title={title} footer={null} onCancel={onClose} afterClose={() => setShown(null)} className="cert-order-drawer" unmountOnExit>
      {info.failed && !info.data ? (
        <div className="cert-order-failed" role="alert">
          <span>{t('certificate.order.loadFailed')}</span>
          <Button size="small" onClick={() => void info.reload()}>
            {t('certificate.order.retry')}
          </Button>
        </div>
      ) : info.data && String(info.data.id) === shown ? (
        <OrderInfoBody info={info.data} />
      ) : (
        <div role="status" aria-label={t('certificate.order.detail')}>
          <Skeleton animation text={{ rows: 8 }} />
        </div>
      )}
    </Drawer>
  );
}
