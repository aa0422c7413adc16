import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Tag } from '@arco-design/web-react';
import { http, HttpError, invalidateResource, isSubmitEnter, useTranslation } from '../../../../core/sdk/browser';
import { SANDBOX, smsRecordEntity } from '../entity';
import { renderTemplate, templateVariables } from '../template';

/** A configuration row as the dialog reads it. */
export interface SmsConfigView {
  id: string;
  smsCode: string;
  category: number;
  templateContent: string;
}

interface PhoneResult {
  phone: string;
  state: 'sent' | 'failed' | 'limited';
  message: string;
}

const STATE_COLOR: Readonly<Record<PhoneResult['state'], string>> = { sent: 'green', limited: 'orange', failed: 'red' };
const STATE_TEXT: Readonly<Record<PhoneResult['state'], string>> = { sent: 'stateSent', limited: 'stateLimited', failed: 'stateFailed' };

/** A value to start from: a code-like variable gets six digits, anything else is for the sender to type. */
const sampleOf = (name: string) => (/code|captcha|verify/i.test(name) ? '123456' : '');

/**
 * 发送测试短信: the numbers and one input per variable of the configuration's template (pre-filled where a
 * sample makes sense), the message as it will read, then the server's outcome per number. A refusal is
 * shown above the form, which keeps what was typed.
 */
export function SendTestDialog({ config, onClose }: { config: SmsConfigView; onClose: () => void }) {
  const { t } = useTranslation();
  const variables = useMemo(() => templateVariables(config.templateContent), [config.templateContent]);
  const [phones, setPhones] = useState('');
  const [params, setParams] = useState<Record<string, string>>(() => Object.fromEntries(variables.map((v) => [v, sampleOf(v)])));
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [results, setResults] = useState<{ msg: string; rows: PhoneResult[] } | null>(null);

  const missing = variables.filter((v) => !params[v]?.trim());
  const phonesMissing = !phones.trim();

  const send = async () => {
    setTried(true);
    if (phonesMissing || missing.length) return;
    setSending(true);
    setError('');
    try {
      const res = await http.post<{ results: PhoneResult[] }>(`/api/blade-resource/sms/endpoint/send-message`, { code: config.smsCode, phones: phones.trim(), params }, { silent: true });
      setResults({ msg: res.msg, rows: res.data?.results ?? [] });
      await invalidateResource(smsRecordEntity);
    } catch (failure) {
      setResults(null);
      setError(failure instanceof HttpError ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      visible
      title={t('resource.sms.sendTitle', { code: config.smsCode })}
      onCancel={onClose}
      unmountOnExit
      data-testid="sms-send-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('resource.sms.close')}</Button>
          <Button type="primary" loading={sending} onClick={() => void send()} data-testid="sms-send-submit">
            {t('resource.sms.submit')}
          </Button>
        </>
      }
    >
      {Number(config.category) === SANDBOX ? <Alert type="info" content={t('resource.sms.sandboxNote')} style={{ marginBottom: 12 }} /> : null}
      {error ? <Alert type="error" content={error} style={{ marginBottom: 12 }} data-testid="sms-send-error" /> : null}
      {/* Enter in any input sends, as in the kit's dialogs. */}
      <div
        onKeyDown={(event) => {
          if (!isSubmitEnter(event)) return;
          event.preventDefault();
          void send();
        }}
      >
      <Form layout="vertical">
        <Form.Item
          label={t('resource.sms.phones')}
          required
          extra={t('resource.sms.phonesHint')}
          validateStatus={tried && phonesMissing ? 'error' : undefined}
          help={tried && phonesMissing ? t('resource.sms.phonesRequired') : undefined}
        >
          <Input value={phones} onChange={setPhones} placeholder="13800138000" aria-label={t('resource.sms.phones')} />
        </Form.Item>
        <Form.Item label={t('resource.sms.params')}>{variables.length === 0 ? <span style={{ color: 'var(--color-text-3)' }}>{t('resource.sms.noParams')}</span> : null}</Form.Item>
        {variables.map((name) => (
          <Form.Item
            key={name}
            label={`\${${name}}`}
            required
            validateStatus={tried && missing.includes(name) ? 'error' : undefined}
            help={tried && missing.includes(name) ? t('resource.sms.paramRequired', { name }) : undefined}
          >
            <Input value={params[name] ?? ''} maxLength={64} aria-label={name} onChange={(value) => setParams((p) => ({ ...p, [name]: value }))} />
          </Form.Item>
        ))}
        <Form.Item label={t('resource.sms.preview')}>
          <div data-testid="sms-send-preview">{renderTemplate(config.templateContent, Object.fromEntries(Object.entries(params).filter(([, v]) => v.trim())))}</div>
        </Form.Item>
      </Form>
      </div>
      {results ? (
        <div data-testid="sms-send-results">
          <Alert type={results.rows.every((r) => r.state === 'sent') ? 'success' : 'warning'} content={results.msg} style={{ marginBottom: 8 }} />
          <ul aria-label={t('resource.sms.resultTitle')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {results.rows.map((row) => (
              <li key={row.phone} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '4px 0' }}>
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.phone}</span>
                <Tag color={STATE_COLOR[row.state]}>{t(`resource.sms.${STATE_TEXT[row.state]}`)}</Tag>
                <span>{row.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
