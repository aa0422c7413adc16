import { useState } from 'react';
import { Alert, Button, Card, Collapse, Form, Input, InputNumber, Radio } from '@arco-design/web-react';
import { http, ImageUpload, invalidateResource, LoadState, localText, query, toastSuccess, useQuery, useTranslation } from '../../../core/sdk/browser';
import { PAY_RESOURCE } from './api';
import { MAX_REFUND_DELAY, MIN_REFUND_DELAY, type PaySettingView, SANDBOX_OUTCOMES, SETTING_SAVE_URL, SETTING_URL } from './settings-shape';
import { PROVIDER_LABELS, PROVIDERS } from './states';
import './pay.css';

/** What the form holds: the settings as read, with the secrets typed anew (empty: keep the stored one). */
type SettingValues = Omit<PaySettingView, 'privateKeySet' | 'apiV3KeySet' | 'appSecretSet' | 'updateTime'> & {
  privateKey?: string;
  apiV3Key?: string;
  appSecret?: string;
};

const settingQuery = query<PaySettingView>(PAY_RESOURCE, SETTING_URL);

/** The form's starting values: the settings without their "is set" flags, secrets empty. */
function formValues(view: PaySettingView): SettingValues {
  const { privateKeySet: _p, apiV3KeySet: _a, appSecretSet: _s, updateTime: _u, ...rest } = view;
  return { ...rest, privateKey: '', apiV3Key: '', appSecret: '' };
}

/**
 * /certificate/setting (支付与证书设置), the tenant administrator's: which payment provider the certificate
 * orders use (the sandbox with its refund delay and outcome, or WeChat Pay with its credentials), and who
 * issues the certificates (the issuer printed on them and the seal over it). Secrets are never shown: a
 * set one says so, and left empty it is kept. A refused save keeps the form as it was filled.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(settingQuery);
  return (
    <div className="pay-settings-page">
      <LoadState failed={settings.failed && !settings.data} data={settings.data} onRetry={() => void settings.reload()}>
        {(view) => <SettingsForm key={view.updateTime} view={view} onSaved={() => void settings.reload()} />}
      </LoadState>
      <p className="pay-settings-note">{t('certificate.pay.setting.note')}</p>
    </div>
  );
}

function SettingsForm({ view, onSaved }: { view: PaySettingView; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingValues>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [provider, setProvider] = useState(view.provider);
  const keptHint = (set: boolean) => (set ? t('certificate.pay.setting.secretKept') : undefined);

  const save = async () => {
    let values: SettingValues;
    try {
      values = await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    setSaving(true);
    setRefusal('');
    try {
      // Every field goes, those of the provider not chosen too: they are kept for a later switch.
      await http.post(SETTING_SAVE_URL, { ...formValues(view), ...form.getFieldsValue(), ...values }, { silent: true });
      toastSuccess(t('certificate.pay.setting.saved'));
      await invalidateResource(PAY_RESOURCE);
      onSaved();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => ({ required: provider === 'wechatpay-v3', message: t('certificate.pay.setting.required', { label }) });
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={formValues(view)}
      onValuesChange={(changed) => changed.provider && setProvider(changed.provider)}
      onSubmit={() => void save()}
      className="pay-settings-form"
      aria-label={t('certificate.pay.setting.title')}
    >
      <Card title={t('certificate.pay.setting.provider')} className="pay-settings-card">
        <Form.Item field="provider" label={t('certificate.pay.setting.provider')} required>
          <Radio.Group type="button" aria-label={t('certificate.pay.setting.provider')}>
            {PROVIDERS.map((p) => (
              <Radio key={p} value={p}>
                {localText(PROVIDER_LABELS[p])}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {provider === 'sandbox' ? (
          <>
            <Alert type="info" className="pay-settings-alert" content={t('certificate.pay.setting.sandboxHint')} />
            <Form.Item field="refundDelaySeconds" label={t('certificate.pay.setting.refundDelay')} extra={t('certificate.pay.setting.refundDelayHint')} rules={[{ required: true, message: t('certificate.pay.setting.refundDelayRequired') }]}>
              <InputNumber min={MIN_REFUND_DELAY} max={MAX_REFUND_DELAY} precision={0} suffix={t('certificate.pay.setting.seconds')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item field="sandboxRefundOutcome" label={t('certificate.pay.setting.outcome')} extra={t('certificate.pay.setting.outcomeHint')}>
              <Radio.Group aria-label={t('certificate.pay.setting.outcome')}>
                {SANDBOX_OUTCOMES.map((o) => (
                  <Radio key={o} value={o}>
                    {t(`certificate.pay.setting.outcomes.${o}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item field="mchId" label={t('certificate.pay.setting.mchId')} rules={[required(t('certificate.pay.setting.mchId')), { match: /^\d{1,32}$/, message: t('certificate.pay.setting.mchIdInvalid') }]}>
              <Input placeholder="1900000109" autoComplete="off" />
            </Form.Item>
            <Form.Item field="appId" label={t('certificate.pay.setting.appId')} rules={[required(t('certificate.pay.setting.appId')), { match: /^wx[0-9a-zA-Z]{16}$/, message: t('certificate.pay.setting.appIdInvalid') }]}>
              <Input placeholder="wxd678efh567hg6787" autoComplete="off" />
            </Form.Item>
            <Form.Item
              field="merchantSerialNo"
              label={t('certificate.pay.setting.serialNo')}
              rules={[required(t('certificate.pay.setting.serialNo')), { match: /^[0-9A-Fa-f]{8,64}$/, message: t('certificate.pay.setting.serialNoInvalid') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              field="privateKey"
              label={t('certificate.pay.setting.privateKey')}
              extra={keptHint(view.privateKeySet)}
              rules={view.privateKeySet ? [] : [required(t('certificate.pay.setting.privateKey'))]}
            >
              <Input.TextArea placeholder={view.privateKeySet ? t('certificate.pay.setting.secretSet') : '-----BEGIN PRIVATE KEY-----'} autoSize={{ minRows: 3, maxRows: 8 }} className="pay-settings-pem" spellCheck={false} />
            </Form.Item>
            <Form.Item
              field="apiV3Key"
              label={t('certificate.pay.setting.apiV3Key')}
              extra={keptHint(view.apiV3KeySet)}
              rules={[...(view.apiV3KeySet ? [] : [required(t('certificate.pay.setting.apiV3Key'))]), { validator: (v: unknown, cb: (m?: string) => void) => cb(!v || String(v).length === 32 ? undefined : t('certificate.pay.setting.apiV3KeyInvalid')) }]}
            >
              <Input.Password placeholder={view.apiV3KeySet ? t('certificate.pay.setting.secretSet') : undefined} autoComplete="new-password" />
            </Form.Item>
            <Form.Item field="platformCertificate" label={t('certificate.pay.setting.platform')} extra={t('certificate.pay.setting.platformHint')} rules={[required(t('certificate.pay.setting.platform'))]}>
              <Input.TextArea placeholder="-----BEGIN PUBLIC KEY-----" autoSize={{ minRows: 3, maxRows: 8 }} className="pay-settings-pem" spellCheck={false} />
            </Form.Item>
            <Form.Item field="appSecret" label={t('certificate.pay.setting.appSecret')} extra={view.appSecretSet ? t('certificate.pay.setting.secretKept') : t('certificate.pay.setting.appSecretHint')}>
              <Input.Password placeholder={view.appSecretSet ? t('certificate.pay.setting.secretSet') : undefined} autoComplete="new-password" />
            </Form.Item>
            <Collapse bordered={false} className="pay-settings-advanced">
              <Collapse.Item name="advanced" header={t('certificate.pay.setting.advanced')}>
                <Form.Item field="payApiBase" label={t('certificate.pay.setting.payApiBase')}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item field="wxApiBase" label={t('certificate.pay.setting.wxApiBase')}>
                  <Input autoComplete="off" />
                </Form.Item>
              </Collapse.Item>
            </Collapse>
          </>
        )}
      </Card>
      <Card title={t('certificate.pay.setting.certificate')} className="pay-settings-card">
        <Form.Item field="issuerName" label={t('certificate.pay.setting.issuer')} extra={t('certificate.pay.setting.issuerHint')} rules={[{ maxLength: 100, message: t('certificate.pay.setting.issuerTooLong') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item field="sealImage" label={t('certificate.pay.setting.seal')} extra={t('certificate.pay.setting.sealHint')}>
          <ImageUpload label={t('certificate.pay.setting.seal')} />
        </Form.Item>
      </Card>
      {refusal ? (
        <div role="alert" data-testid="pay-setting-refusal">
          <Alert type="error" content={refusal} />
        </div>
      ) : null}
      <div className="pay-settings-actions">
        <Button type="primary" htmlType="submit" loading={saving} data-testid="pay-setting-save">
          {t('certificate.pay.setting.save')}
        </Button>
        {view.updateTime ? <span className="pay-settings-updated">{t('certificate.pay.setting.updated', { time: view.updateTime })}</span> : null}
      </div>
    </Form>
  );
}
