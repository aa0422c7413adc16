import { Button, Card } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadState, useQuery, useTranslation } from '../../../core/sdk/browser';
import { detailQuery } from './api';
import { LeaveFields } from './LeaveFields';
import { LeaveProgress } from './LeaveProgress';
import './leave.css';

/** /work/process/leave/detail/:processInstanceId/:businessId (请假流程详情): the request and every step of its process. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processInstanceId = '', businessId = '' } = useParams();
  const leave = useQuery(detailQuery(businessId));
  return (
    <div className="leave-page">
      <Card title={t('leave.detailTitle')} className="leave-card" extra={<Button onClick={() => navigate(-1)}>{t('leave.back')}</Button>}>
        <LoadState failed={leave.failed && !leave.data} data={leave.data} onRetry={() => void leave.reload()}>
          {(detail) => <LeaveFields leave={detail} />}
        </LoadState>
      </Card>
      <LeaveProgress processInstanceId={processInstanceId} />
    </div>
  );
}
