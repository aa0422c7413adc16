import { useState } from 'react';
import { Alert, Button, Card, Input } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { http, invalidateResource, LoadState, toastSuccess, useQuery, useTranslation } from '../../../core/sdk/browser';
import { MAX_REASON } from '../days';
import { COMPLETE_TASK_URL, detailQuery, LEAVE_RESOURCE, PASS_FLAG, WORK_RESOURCE } from './api';
import { LeaveFields } from './LeaveFields';
import { LeaveProgress } from './LeaveProgress';
import './leave.css';

/**
 * /work/process/leave/handle/:taskId/:processInstanceId/:businessId (处理请假流程): the approver reads the
 * request and where it stands, writes a comment and approves (flag `ok`) or rejects; then back to the to-do
 * list. A refusal (the task handled meanwhile, say) is shown and the comment kept.
 */
export default function LeaveHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const leave = useQuery(detailQuery(businessId));
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState<'' | 'approve' | 'reject'>('');
  const [refusal, setRefusal] = useState('');

  const decide = async (pass: boolean) => {
    setSending(pass ? 'approve' : 'reject');
    setRefusal('');
    try {
      await http.post(COMPLETE_TASK_URL, { taskId, processInstanceId, flag: pass ? PASS_FLAG : '', comment: comment.trim() }, { silent: true });
      toastSuccess(t(pass ? 'leave.approved' : 'leave.rejected'));
      await Promise.all([invalidateResource(WORK_RESOURCE), invalidateResource(LEAVE_RESOURCE)]);
      navigate('/work/todo');
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSending('');
    }
  };

  return (
    <div className="leave-page">
      <Card title={t('leave.handleTitle')} className="leave-card">
        <LoadState failed={leave.failed && !leave.data} data={leave.data} onRetry={() => void leave.reload()}>
          {(detail) => <LeaveFields leave={detail} />}
        </LoadState>
      </Card>
      <LeaveProgress processInstanceId={processInstanceId} />
      <Card title={t('leave.comment')} className="leave-card">
        <Input.TextArea
          value={comment}
          onChange={setComment}
          placeholder={t('leave.commentPlaceholder')}
          maxLength={MAX_REASON}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 6 }}
          aria-label={t('leave.comment')}
          data-testid="leave-comment"
        />
        {refusal ? (
          <div role="alert" data-testid="leave-refusal" style={{ marginTop: 12 }}>
            <Alert type="error" content={refusal} />
          </div>
        ) : null}
        <div className="leave-actions" style={{ marginTop: 16 }}>
          <Button type="primary" loading={sending === 'approve'} disabled={sending === 'reject' || !leave.data} onClick={() => void decide(true)} data-testid="leave-approve">
            {t('leave.approve')}
          </Button>
          <Button status="danger" loading={sending === 'reject'} disabled={sending === 'approve' || !leave.data} onClick={() => void decide(false)} data-testid="leave-reject">
            {t('leave.reject')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('leave.back')}</Button>
        </div>
      </Card>
    </div>
  );
}
