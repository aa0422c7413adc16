import { useState } from 'react';
import { Descriptions, Drawer, Empty, Table, Tag, Timeline, type TableColumnProps } from '@arco-design/web-react';
import { formatYuan, ImageThumb, localText, LoadState, stateLabel, useQuery, useTranslation } from '../../../../core/sdk/browser';
import { orderEntity, type OrderEntity, type OrderItem } from '../entity';
import { orderMachine, type OrderState } from '../states';
import { type OrderDetail, orderDetailQuery } from './api';
import { type MovableOrder, OrderMoves } from './OrderMoves';
import './order.css';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const label = (field: keyof OrderEntity['fields']) => localText(orderEntity.fields[field].label);
/** Descriptions' labels in one column wide enough for either language. */
const LABEL_STYLE = { width: 110, color: 'var(--color-text-3)' };
const yuan = (value: unknown) => formatYuan(Number(value ?? 0), { symbol: true });

/** The times of an order's moves, in the order they happen; those not reached are left out. */
const PROGRESS: readonly [string, string][] = [
  ['createTime', 'mall.order.created'],
  ['payTime', 'mall.order.event.1'],
  ['cancelTime', 'mall.order.event.4'],
  ['shipTime', 'mall.order.event.2'],
  ['completeTime', 'mall.order.event.3'],
  ['refundTime', 'mall.order.event.5'],
];

/** The tag of a state, in its colour. */
export function OrderStateTag({ status }: { status: number }) {
  const state = orderMachine.states.find((s) => s.value === status);
  return (
    <Tag color={state?.color} className="ba-order-state" data-state={status}>
      {localText(stateLabel(orderMachine, status))}
    </Tag>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const status = Number(order.status) as OrderState;
  const movable: MovableOrder = { id: text(order.id), orderNo: text(order.orderNo), status, logisticsCompany: text(order.logisticsCompany), logisticsNo: text(order.logisticsNo) };
  const columns: TableColumnProps<OrderItem>[] = [
    {
      title: t('mall.order.product'),
      dataIndex: 'productName',
      render: (_, item) => (
        <span className="ba-order-product">
          {item.productCover ? <ImageThumb src={item.productCover} label={item.productName} /> : <span className="ba-order-no-cover" aria-hidden />}
          <span>{item.productName}</span>
        </span>
      ),
    },
    { title: t('mall.order.price'), dataIndex: 'price', width: 120, align: 'right', render: (value) => yuan(value) },
    { title: t('mall.order.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
    { title: t('mall.order.lineAmount'), dataIndex: 'amount', width: 130, align: 'right', render: (value) => yuan(value) },
  ];
  const times = PROGRESS.filter(([field]) => text(order[field]));
  return (
    <div className="ba-order-detail" data-testid="order-detail" data-status={status}>
      <div className="ba-order-head">
        <div>
          <div className="ba-order-no">{text(order.orderNo)}</div>
          <div className="ba-order-muted">{text(order.createTime)}</div>
        </div>
        <OrderStateTag status={status} />
      </div>
      <div className="ba-order-moves">
        <OrderMoves order={movable} />
      </div>

      <h3 className="ba-order-section">{t('mall.order.lines')}</h3>
      <Table rowKey="productId" columns={columns} data={order.items} pagination={false} border={false} size="small" />
      <dl className="ba-order-amounts">
        <dt>{t('mall.order.goods')}</dt>
        <dd>{yuan(order.amount)}</dd>
        <dt>{t('mall.order.freight')}</dt>
        <dd>{yuan(order.freight)}</dd>
        <dt className="is-total">{t('mall.order.payAmount')}</dt>
        <dd className="is-total" data-testid="order-pay-amount">
          {yuan(order.payAmount)}
        </dd>
      </dl>

      <h3 className="ba-order-section">{t('mall.order.buyer')}</h3>
      <Descriptions
        column={1}
        labelStyle={LABEL_STYLE}
        data={[
          { label: label('buyerName'), value: text(order.buyerName) || '-' },
          { label: label('buyerMobile'), value: text(order.buyerMobile) || '-' },
          { label: label('address'), value: text(order.address) || '-' },
          { label: label('remark'), value: text(order.remark) || '-' },
        ]}
      />

      <h3 className="ba-order-section">{t('mall.order.logistics')}</h3>
      {text(order.logisticsNo) ? (
        <Descriptions
          column={1}
          labelStyle={LABEL_STYLE}
          data={[
            { label: label('logisticsCompany'), value: text(order.logisticsCompany) || '-' },
            { label: label('logisticsNo'), value: <span data-testid="order-logistics">{text(order.logisticsNo)}</span> },
          ]}
        />
      ) : (
        <p className="ba-order-muted">{t('mall.order.noLogistics')}</p>
      )}

      <h3 className="ba-order-section">{t('mall.order.progress')}</h3>
      <Timeline className="ba-order-timeline">
        {times.map(([field, label]) => (
          <Timeline.Item key={field} label={text(order[field])}>
            {t(label)}
          </Timeline.Item>
        ))}
      </Timeline>
    </div>
  );
}

function OrderLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const order = useQuery(orderDetailQuery(id));
  return (
    // null: the order was removed meanwhile.
    order.data === null ? (
      <Empty description={t('mall.order.gone')} />
    ) : (
      <LoadState failed={order.failed && !order.data} data={order.data} onRetry={() => void order.reload()}>
        {(found) => <OrderBody order={found} />}
      </LoadState>
    )
  );
}

export interface OrderDrawerProps {
  /** The order shown; null: closed. */
  id: string | null;
  onClose: () => void;
}

/** An order in a drawer over the list: its lines and amounts, who and where, logistics, its times, and its next moves. Esc closes it. */
export function OrderDrawer({ id, onClose }: OrderDrawerProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(id);
  if (id && id !== shown) setShown(id);
  return (
    <Drawer
      className="ba-order-drawer"
      visible={id !== null}
      width="min(720px, 100vw)"
      title={t('mall.order.drawerTitle')}
      footer={null}
      escToExit
      onCancel={onClose}
      afterClose={() => setShown(null)}
      unmountOnExit
    >
      {shown ? <OrderLoader key={shown} id={shown} /> : null}
    </Drawer>
  );
}
