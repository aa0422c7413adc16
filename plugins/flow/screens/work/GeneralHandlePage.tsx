import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Input } from '@arco-design/web-react';
import { IconCheck, IconClose } from '@arco-design/web-react/icon';
import { toastSuccess, useTranslation } from '../../../../core/sdk/browser';
import { PASS_FLAG } from '../../../../core/sdk/shared';
import { completeTask } from './api';
import { ProgressCard, RequestCard, useWorkItem } from './request';
import './work.css';

const COMMENT_MAX = 500;

/**
 * /work/process/general/handle/:taskId/:processInstanceId/:businessId: the request, where it stands, and
 * the decision: a comment and 同意 (flag `ok`) or 驳回. Done, back to 待办. A refusal (the task was
 * handled by someone else, the process suspended) keeps the comment.
 */
export default function GeneralHandlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { taskId = '', processInstanceId = '' } = useParams();
  const request = useWorkItem(processInstanceId);
  const [comment, setComment] = useState('');
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);

  const decide = async (approve: boolean) => {
    setDeciding(approve ? 'approve' : 'reject');
    try {
      await completeTask({ taskId, processInstanceId, ...(approve ? { flag: PASS_FLAG } : {}), comment: comment.trim() });
      toastSuccess(t(approve ? 'flow.work.handlePage.approved' : 'flow.work.handlePage.rejected'));
      navigate('/work/todo');
    } catch {
      // the HTTP pipeline's toast said why; the comment stays
    } finally {
      setDeciding(null);
    }
  };

  return (
    <div className="ba-work-page" data-testid="work-general-handle">
      <RequestCard state={request} title={t('flow.work.handlePage.request')} />
      <Card title={t('flow.work.handlePage.decision')}>
        <Input.TextArea
          value={comment}
          onChange={setComment}
          maxLength={COMMENT_MAX}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('flow.work.handlePage.commentHint')}
          aria-label={t('flow.work.handlePage.comment')}
        />
        <div className="ba-work-decision">
          <Button type="primary" status="success" icon={<IconCheck />} loading={deciding === 'approve'} disabled={deciding === 'reject'} onClick={() => void decide(true)} data-testid="work-approve">
            {t('flow.work.handlePage.approve')}
          </Button>
          <Button type="primary" status="danger" icon={<IconClose />} loading={deciding === 'reject'} disabled={deciding === 'approve'} onClick={() => void decide(false)} data-testid="work-reject">
            {t('flow.work.handlePage.reject')}
          </Button>
        </div>
      </Card>
      <ProgressCard processInstanceId={processInstanceId} />
    </div>
  );
}
