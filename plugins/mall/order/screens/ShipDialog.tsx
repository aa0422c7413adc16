import { Form, Input } from '@arco-design/web-react';
import { fieldRules, localText, RecordDialog, toastSuccess, useRecordDialog, useTranslation } from '../../../../core/sdk/browser';
import { orderEntity } from '../entity';
import { ORDER_STATE } from '../states';
import { type Logistics, moveOrder } from './api';

export interface ShipDialogProps {
  order: { id: string; orderNo: string; logisticsCompany: string; logisticsNo: string };
  onClose: () => void;
}

const { logisticsCompany, logisticsNo } = orderEntity.fields;

/**
 * 发货: the carrier and the tracking number (required here as on the server, with the field's own rules),
 * sent with the move. A refused move keeps the dialog open with what was typed.
 */
export function ShipDialog({ order, onClose }: ShipDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Logistics>();
  const dialog = useRecordDialog<Logistics, Logistics>({
    initial: { logisticsCompany: order.logisticsCompany, logisticsNo: order.logisticsNo },
    prepare: () => form.validate(),
    save: (logistics) => moveOrder(order.id, ORDER_STATE.shipped, logistics),
    onSaved: () => toastSuccess(t('mall.order.done')),
    onClose,
  });
  const required = t('mall.order.logisticsNoRequired');
  return (
    <RecordDialog dialog={dialog} title={t('mall.order.shipTitle', { no: order.orderNo })} width={520} saveLabel={t('mall.order.move.2')} testId="order-ship-save">
      {(initial) => (
        <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} initialValues={initial} className="ba-order-ship-form">
          <Form.Item field="logisticsCompany" label={localText(logisticsCompany.label)} rules={fieldRules(logisticsCompany)}>
            <Input placeholder={t('mall.order.companyPlaceholder')} maxLength={logisticsCompany.maxLength} autoFocus />
          </Form.Item>
          <Form.Item
            field="logisticsNo"
            label={localText(logisticsNo.label)}
            required
            rules={[{ validator: (value: unknown, callback) => callback(typeof value === 'string' && value.trim() ? undefined : required) }, ...fieldRules(logisticsNo)]}
          >
            <Input placeholder={required} maxLength={logisticsNo.maxLength} data-testid="order-logistics-no" />
          </Form.Item>
        </Form>
      )}
    </RecordDialog>
  );
}
