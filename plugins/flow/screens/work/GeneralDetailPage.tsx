import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../../core/sdk/browser';
import { ProgressCard, RequestCard, useWorkItem } from './request';
import './work.css';

/** /work/process/general/detail/:processInstanceId/:businessId: the request and where it stands. */
export default function GeneralDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '' } = useParams();
  const request = useWorkItem(processInstanceId);
  return (
    <div className="ba-work-page" data-testid="work-general-detail">
      <RequestCard state={request} title={t('flow.work.detailPage.title')} />
      <ProgressCard processInstanceId={processInstanceId} />
    </div>
  );
}
