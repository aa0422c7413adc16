import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { DATETIME_FORMAT, http, invalidateResource, toastSuccess, useQuery, useTranslation, useUnsavedChanges } from '../../../core/sdk/browser';
import { judgeLeaveTimes, MAX_LEAVE_DAYS, MAX_REASON } from '../days';
import { approversQuery, LEAVE_RESOURCE, START_URL, WORK_RESOURCE } from './api';
import './leave.css';

interface LeaveValues {
  taskUser?: string;
  startTime?: string;
  endTime?: string;
  reason?: string;
}

/**
 * /work/process/leave/form/:processDefinitionId (请假流程): the applicant picks the approver, the start and
 * the end (the days are counted as they are chosen, as the server will) and gives the reason; 提交 starts
 * the process and opens the sent list. A refusal is shown above the buttons and the form stays filled.
 */
export default function LeaveFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const [form] = Form.useForm<LeaveValues>();
  const approvers = useQuery(approversQuery);
  const [times, setTimes] = useState<{ startTime?: string; endTime?: string }>({});
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(typed);

  const judged = times.startTime && times.endTime ? judgeLeaveTimes(times.startTime, times.endTime) : undefined;
  const daysText =
    judged === undefined ? (
      <span className="leave-days-pending">{t('leave.daysPending')}</span>
    ) : 'days' in judged ? (
      <span className="leave-days" data-testid="leave-days">
        {t('leave.daysValue', { days: judged.days })}
      </span>
    ) : null;

  const submit = async (values: LeaveValues) => {
    setSaving(true);
    setRefusal('');
    try {
      await http.post(START_URL, { processDefinitionId, ...values }, { silent: true });
      toastSuccess(t('leave.started'));
      setTyped(false);
      await Promise.all([invalidateResource(LEAVE_RESOURCE), invalidateResource(WORK_RESOURCE)]);
      navigate('/work/send');
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const endRule = {
    validator: (value: unknown, callback: (message?: string) => void) => {
      const start = form.getFieldValue('startTime');
      if (!value || !start) return callback();
      const result = judgeLeaveTimes(String(start), String(value));
      if ('refusal' in result && result.refusal === 'order') return callback(t('leave.endBeforeStart'));
      if ('refusal' in result && result.refusal === 'tooLong') return callback(t('leave.tooLong', { max: MAX_LEAVE_DAYS }));
      callback();
    },
  };

  return (
    <div className="leave-page">
      <Card title={t('leave.formTitle')} className="leave-card">
        <Form
          form={form}
          className="leave-form"
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 17 }}
          aria-label={t('leave.formTitle')}
          onValuesChange={(_changed, all) => {
            setTyped(true);
            setTimes({ startTime: all.startTime, endTime: all.endTime });
          }}
          onSubmit={(values) => void submit(values)}
        >
          <Form.Item field="taskUser" label={t('leave.approver')} rules={[{ required: true, message: t('leave.approverRequired') }]}>
            <Select
              showSearch
              allowClear
              placeholder={t('leave.approverPlaceholder')}
              loading={approvers.loading}
              notFoundContent={approvers.failed ? t('leave.approversFailed') : undefined}
              filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
              aria-label={t('leave.approver')}
              data-testid="leave-approver"
            >
              {(approvers.data ?? []).map((user) => (
                <Select.Option key={user.id} value={user.id}>
                  {`${user.account} / ${user.realName || user.name || user.account}`}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
          <Form.Item field="startTime" label={t('leave.startTime')} rules={[{ required: true, message: t('leave.startRequired') }]}>
            <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} placeholder={t('leave.startRequired')} aria-label={t('leave.startTime')} />
          </Form.Item>
          <Form.Item field="endTime" label={t('leave.endTime')} rules={[{ required: true, message: t('leave.endRequired') }, endRule]}>
            <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} placeholder={t('leave.endRequired')} aria-label={t('leave.endTime')} />
          </Form.Item>
          <Form.Item label={t('leave.days')}>{daysText}</Form.Item>
          <Form.Item
            field="reason"
            label={t('leave.reason')}
            rules={[
              { required: true, message: t('leave.reasonRequired') },
              { validator: (v: unknown, cb: (m?: string) => void) => cb(v === undefined || String(v).trim() ? undefined : t('leave.reasonRequired')) },
            ]}
          >
            <Input.TextArea placeholder={t('leave.reasonPlaceholder')} maxLength={MAX_REASON} showWordLimit autoSize={{ minRows: 3, maxRows: 8 }} aria-label={t('leave.reason')} />
          </Form.Item>
          {refusal ? (
            <Form.Item wrapperCol={{ offset: 5, span: 17 }}>
              <div role="alert" data-testid="leave-refusal">
                <Alert type="error" content={refusal} />
              </div>
            </Form.Item>
          ) : null}
          <Form.Item wrapperCol={{ offset: 5, span: 17 }}>
            <div className="leave-actions">
              <Button type="primary" htmlType="submit" loading={saving} data-testid="leave-submit">
                {t('leave.submit')}
              </Button>
              <Button onClick={() => navigate(-1)}>{t('leave.back')}</Button>
            </div>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
