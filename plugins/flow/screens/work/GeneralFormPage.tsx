import { useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Select } from '@arco-design/web-react';
import { IconLeft, IconSend } from '@arco-design/web-react/icon';
import { defineEntity, EntityForm, failureText, type Row, toastSuccess, useTranslation, useUnsavedChanges } from '../../../../core/sdk/browser';

import { startGeneral, WORK_BASE } from './api';
import { useApproverOptions } from './approvers';
import './work.css';

/** The general request: what the form asks and its rules (the server judges them again). */
const generalRequest = defineEntity({
  name: 'generalRequest',
  label: { zh: '通用审批', en: 'General approval' },
  tenant: false,
  audit: false,
  logicalDelete: false,
  api: { base: WORK_BASE },
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: true, maxLength: 100 },
    reason: { type: 'text', label: { zh: '事由', en: 'Reason' }, maxLength: 500 },
    taskUser: { type: 'select', label: { zh: '审批人', en: 'Approver' } },
  },
});

/**
 * /work/process/general/form/:processDefinitionId: starts a process of a category without a form of its
 * own. Title, reason and (optionally) the approver; 提交 starts it and goes to 已发事务. A refusal is
 * shown above the form, which keeps what was typed.
 */
export default function GeneralFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const processName = (useLocation().state as { name?: string } | null)?.name || processDefinitionId.split(':')[0];
  const [form] = Form.useForm<Row>();
  const approvers = useApproverOptions();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(typed);
  // Enter reaches submit without the button, whose loading state only stops clicks; and a second Enter
  // may come before React shows that state. One start at a time, or one request would start two processes.
  const submitting = useRef(false);

  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      await startRequest();
    } finally {
      submitting.current = false;
    }
  };

  const startRequest = async () => {
    let values: Row;
    try {
      values = await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    setSaving(true);
    setRefusal('');
    try {
      const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      await startGeneral({ processDefinitionId, title: text(values.title), reason: text(values.reason) || undefined, taskUser: text(values.taskUser) || undefined });
      toastSuccess(t('flow.work.form.started'));
      setTyped(false);
      navigate('/work/send');
    } catch (error) {
      setRefusal(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ba-work-page" data-testid="work-general-form">
      <Card title={`${t('flow.work.form.title')} · ${processName}`}>
        {refusal ? <div data-testid="work-general-refusal">
            <Alert className="ba-work-error" type="error" content={refusal} />
          </div> : null}
        <EntityForm
          entity={generalRequest}
          form={form}
          mode="add"
          onSubmit={() => void submit()}
          onValuesChange={() => setTyped(true)}
          controls={{
            taskUser: <Select allowClear showSearch loading={approvers.loading} options={approvers.options} placeholder={t('flow.work.form.approverHint')} aria-label={t('flow.work.form.approver')} />,
          }}
        />
        <div className="ba-work-decision">
          <Button type="primary" icon={<IconSend />} loading={saving} onClick={() => void submit()} data-testid="work-general-submit">
            {t('flow.work.form.submit')}
          </Button>
          <Button icon={<IconLeft />} onClick={() => navigate('/work/start')}>
            {t('flow.work.form.back')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
