import { useState } from 'react';
import { Button, Tooltip } from '@arco-design/web-react';
import { IconFile } from '@arco-design/web-react/icon';
import { CrudPage, type FormMode, type Row, useTranslation } from '../../../../core/sdk/browser';
import { LOCKED_AFTER_PAYMENT, orderEntity } from '../entity';
import { ORDER_STATE } from '../states';
import { ItemsInput } from './ItemsInput';
import { OrderDrawer } from './OrderDrawer';
import './order.css';

/** Once paid, the form leaves only the logistics and the remark open (the server holds the same rule). */
const lockedFields = (loaded: Row) => (loaded.id && Number(loaded.status) !== ORDER_STATE.pending ? [...LOCKED_AFTER_PAYMENT, 'items'] : []);

/**
 * /mall/order: the kit's list of orders (number, buyer and mobile, amount paid, pieces, state, time; filters by
 * number, mobile, state and time), its add and edit dialog choosing the products, and the order's detail
 * drawer with its lines, logistics, times and next moves (opened from the number or 详情).
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const [detailOf, setDetailOf] = useState<string | null>(null);
  return (
    <>
      <CrudPage
        entity={orderEntity}
        rowActions={['edit', 'delete']}
        table={{
          cells: {
            orderNo: (value, row) => (
              <button type="button" className="ba-order-link" onClick={() => row.id && setDetailOf(row.id)}>
                {String(value ?? '')}
              </button>
            ),
            buyerName: (value, row) => (
              <span className="ba-order-buyer">
                <span>{String(value ?? '')}</span>
                <span className="ba-order-muted">{String(row.buyerMobile ?? '')}</span>
              </span>
            ),
            itemCount: (value) => (typeof value === 'number' && value >= 0 ? t('mall.order.pieces', { count: value }) : '-'),
          },
        }}
        iconActions
        extraRowActions={(row) => (
          <Tooltip content={t('mall.order.detail')} mini>
            <Button type="text" size="mini" icon={<IconFile />} onClick={() => row.id && setDetailOf(row.id)} aria-label={t('mall.order.detail')} data-testid="order-detail-open" />
          </Tooltip>
        )}
        dialog={{
          form: (mode: FormMode) => ({
            controls: { items: <ItemsInput /> },
            dynamic: (_values: Row, loaded: Row) => ({ disabled: mode === 'edit' ? lockedFields(loaded) : [] }),
          }),
        }}
      />
      <OrderDrawer id={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}
