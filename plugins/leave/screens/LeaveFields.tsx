import { Descriptions, Tag } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';
import type { LeaveDetail } from './api';

/** The request as its approvers and its applicant read it. */
export function LeaveFields({ leave }: { leave: LeaveDetail }) {
  const { t } = useTranslation();
  const finished = leave.flow.processIsFinished === 'finished';
  const data = [
    { label: t('leave.applicant'), value: leave.flow.assigneeName },
    { label: t('leave.approver'), value: leave.taskUserName },
    { label: t('leave.startTime'), value: leave.startTime },
    { label: t('leave.endTime'), value: leave.endTime },
    { label: t('leave.days'), value: t('leave.daysValue', { days: leave.days }) },
    { label: t('leave.applyTime'), value: leave.applyTime },
    {
      label: t('leave.state'),
      value: leave.flow.processIsFinished ? <Tag color={finished ? 'green' : 'arcoblue'}>{t(finished ? 'leave.finished' : 'leave.unfinished')}</Tag> : '',
    },
    { label: t('leave.currentTask'), value: finished ? '' : leave.flow.taskName },
    { label: t('leave.reason'), value: <span className="leave-reason">{leave.reason}</span>, span: 2 },
  ];
  return (
    <div data-testid="leave-fields">
      <Descriptions column={2} border data={data} />
    </div>
  );
}
