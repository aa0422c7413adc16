import { Form, Input, Select } from '@arco-design/web-react';
import { localText, useTranslation } from '../../../core/sdk/browser';
import { ship } from './api';
import { FormDialog } from './FormDialog';
import { LOGISTICS_COMPANIES, TRACKING_NO_PATTERN } from './logistics';

export interface ShipDialogProps {
  orderId: string;
  orderNo: string;
  onDone: () => void;
  onClose: () => void;
}

interface ShipValues {
  logisticsCompany?: string;
  logisticsNo?: string;
}

/**
 * 上传发货: the carrier (WeChat's list) and the tracking number, both required; the server's refusal is
 * shown in the dialog, which keeps what was entered.
 */
export function ShipDialog({ orderId, orderNo, onDone, onClose }: ShipDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog<ShipValues, { company: string; number: string }>
      title={t('certificate.pay.shipTitle', { orderNo })}
      width={520}
      saveLabel={t('certificate.pay.shipSubmit')}
      testId="pay-ship-save"
      className="pay-ship-form"
      initial={{}}
      read={(values) => ({ company: String(values.logisticsCompany), number: String(values.logisticsNo ?? '').trim() })}
      send={({ company, number }) => ship(orderId, company, number)}
      success={t('certificate.pay.shipDone')}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item field="logisticsCompany" label={t('certificate.pay.logisticsCompany')} rules={[{ required: true, message: t('certificate.pay.logisticsCompanyRequired') }]}>
        <Select
          placeholder={t('certificate.pay.logisticsCompanyRequired')}
          options={LOGISTICS_COMPANIES.map((c) => ({ value: c.code, label: localText(c.name) }))}
          showSearch
        />
      </Form.Item>
      <Form.Item
        field="logisticsNo"
        label={t('certificate.pay.logisticsNo')}
        validateTrigger={['onBlur']}
        rules={[
          { required: true, message: t('certificate.pay.logisticsNoRequired') },
          { validator: (value: unknown, callback: (message?: string) => void) => callback(!value || TRACKING_NO_PATTERN.test(String(value).trim()) ? undefined : t('certificate.pay.logisticsNoInvalid')) },
        ]}
      >
        <Input placeholder={t('certificate.pay.logisticsNoRequired')} maxLength={32} />
      </Form.Item>
    </FormDialog>
  );
}
