import { lazy, Suspense } from 'react';
import { Drawer, Spin } from '@arco-design/web-react';
import { useTranslation } from '../../../../core/sdk/browser';

// The history and the highlighted diagram load when a progress is first opened: bpmn-js stays out of the lists.
const ProcessProgress = lazy(() => import('../../diagram/ProcessProgress'));

/** Where an instance stands (跟踪): its history and its diagram, in a drawer. */
export function ProgressDrawer({ processInstanceId, onClose }: { processInstanceId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer visible={processInstanceId !== null} width="min(1000px, 100vw)" title={t('flow.work.progress')} footer={null} escToExit onCancel={onClose} unmountOnExit>
      {processInstanceId ? (
        <Suspense
          fallback={
            <div className="ba-work-state" role="status">
              <Spin tip={t('flow.work.loading')} />
            </div>
          }
        >
          <ProcessProgress processInstanceId={processInstanceId} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
