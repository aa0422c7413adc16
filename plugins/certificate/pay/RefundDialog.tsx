import { Descriptions, Form, Input } from '@arco-design/web-react';
import { type FieldDef, fieldControl, fieldRules, formatYuan, useTranslation } from '../../../core/sdk/browser';
import { refund } from './api';
import { FormDialog } from './FormDialog';

export interface RefundDialogProps {
  orderId: string;
  orderNo: string;
  /** Fen paid, and refunded or on its way back. */
  paid: number;
  refunded: number;
  onDone: () => void;
  onClose: () => void;
}

interface RefundValues {
  amount?: number | string;
  reason?: string;
}

/** A reason as WeChat takes it: at most 80 characters. */
const REASON_MAX = 80;

/**
 * 退款: an amount in yuan (the refundable rest by default, the most shown) and a reason, both required;
 * sent as fen. The server's refusal (more than is left, the provider saying no) is shown in the dialog,
 * which keeps what was typed.
 */
export function RefundDialog({ orderId, orderNo, paid, refunded, onDone, onClose }: RefundDialogProps) {
  const { t } = useTranslation();
  const left = Math.max(0, paid - refunded);
  const max = formatYuan(left, { symbol: true });
  const amountField: FieldDef = { type: 'money', label: { zh: '退款金额', en: 'Amount' }, min: 1, max: left };
  return (
    <FormDialog<RefundValues, { amount: number; reason: string }>
      title={t('certificate.pay.refundTitle', { orderNo })}
      width={560}
      saveLabel={t('certificate.pay.refundSubmit')}
      testId="pay-refund-save"
      className="pay-refund-form"
      initial={{ amount: left, reason: '' }}
      read={(values) => ({ amount: Number(values.amount), reason: String(values.reason ?? '').trim() })}
      send={({ amount, reason }) => refund(orderId, amount, reason)}
      success={t('certificate.pay.refundDone')}
      onDone={onDone}
      onClose={onClose}
      intro={
        <Descriptions
          className="pay-refund-figures"
          column={2}
          size="small"
          data={[
            { label: t('certificate.pay.paidAmount'), value: formatYuan(paid, { symbol: true }) },
            { label: t('certificate.pay.refundedAmount'), value: formatYuan(refunded, { symbol: true }) },
          ]}
        />
      }
    >
      <Form.Item
        field="amount"
        label={t('certificate.pay.refundAmount')}
        extra={t('certificate.pay.refundAmountHint', { max })}
        rules={[{ required: true, message: t('certificate.pay.refundAmountRequired') }, ...fieldRules(amountField).filter((rule) => !('required' in rule))]}
        validateTrigger={['onBlur']}
      >
        {fieldControl(amountField, [])}
      </Form.Item>
      <Form.Item
        field="reason"
        label={t('certificate.pay.refundReason')}
        rules={[
          { required: true, message: t('certificate.pay.refundReasonRequired') },
          { validator: (value: unknown, callback: (message?: string) => void) => callback(String(value ?? '').trim() ? undefined : t('certificate.pay.refundReasonRequired')) },
        ]}
        validateTrigger={['onBlur']}
      >
        <Input placeholder={t('certificate.pay.refundReasonPlaceholder')} maxLength={REASON_MAX} showWordLimit autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
