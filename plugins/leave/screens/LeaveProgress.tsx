import { Suspense } from 'react';
import { Card, Empty, Spin } from '@arco-design/web-react';
import { usePluginRegistry, useTranslation } from '../../../core/sdk/browser';

/** Where the request's process stands: the workflow's own view (history and diagram), loaded when shown. */
export function LeaveProgress({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const Progress = usePluginRegistry()?.provided('workflow')?.ProcessProgress;
  return (
    <Card title={t('leave.progress')} className="leave-card">
      {Progress && processInstanceId ? (
        <Suspense fallback={<Spin className="leave-progress-loading" />}>
          <Progress processInstanceId={processInstanceId} />
        </Suspense>
      ) : (
        <Empty description={t('leave.noProgress')} />
      )}
    </Card>
  );
}
