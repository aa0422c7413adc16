import { useState, type ReactNode } from 'react';
import { Button, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye } from '@arco-design/web-react/icon';
import { confirmRemove, CrudPage, currentLanguage, type FormMode, type FormOverrides, useCrudCan, useTranslation } from '../../../core/sdk/browser';
import { AmountInput } from './AmountInput';
import { geniusOrderEntity, ORDER_STATE, PAID_STATES } from './entity';
import { OrderDetail, OrderStateTag } from './OrderDetail';
import { OrderMoveButtons } from './OrderMoveButtons';
import './order.css';

const BOOKING = ['customerName', 'customerMobile', 'service', 'bookedTime', 'amount'];

/** A new order picks its genius (the amount follows the genius's price); a pending one names it and keeps it. */
function orderForm(mode: FormMode): FormOverrides {
  if (mode === 'add') return { fields: ['geniusId', ...BOOKING], controls: { amount: <AmountInput /> } };
  return { fields: ['orderNo', 'geniusName', ...BOOKING], show: ['geniusName'], disabled: ['geniusName'] };
}

/** One row action as an icon with its name in a tooltip. */
function IconAction({ label, icon, onClick, danger = false }: { label: string; icon: ReactNode; onClick: () => void; danger?: boolean }) {
  return (
    <Tooltip content={label} mini>
      <Button type="text" size="mini" icon={icon} status={danger ? 'danger' : undefined} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * /genius/order: the kit's list of genius orders, each row with what may be done to it now: its details
 * (with its moves), editing while it waits for payment, removal unless it holds the customer's money,
 * and the moves to its allowed next states for holders of 状态流转.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const can = useCrudCan(geniusOrderEntity);
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <CrudPage
        entity={geniusOrderEntity}
        rowActions={[]}
        table={{ index: false, cells: { status: (value) => <OrderStateTag status={value} /> } }}
        dialog={{ form: orderForm }}
        // Three icons, then at most two moves.
        extraActionsWidth={72 + (currentLanguage() === 'en' ? 132 : 84)}
        extraRowActions={(row, ctx) => {
          const id = String(row.id);
          return (
            <span className="genius-order-actions">
              {can('view') ? <IconAction label={t('crud.view')} icon={<IconEye />} onClick={() => setViewing(id)} /> : null}
              {can('edit') && row.status === ORDER_STATE.pending ? <IconAction label={t('crud.edit')} icon={<IconEdit />} onClick={() => ctx.open({ mode: 'edit', id })} /> : null}
              {can('delete') && !PAID_STATES.includes(Number(row.status)) ? (
                <IconAction label={t('crud.delete')} icon={<IconDelete />} danger onClick={() => confirmRemove({ entity: geniusOrderEntity, ids: [id], onRemoved: (ids) => void ctx.list.afterRemove(ids.length) })} />
              ) : null}
              <OrderMoveButtons order={row} />
            </span>
          );
        }}
      />
      <OrderDetail id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
