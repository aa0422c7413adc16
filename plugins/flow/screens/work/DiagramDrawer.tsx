import { lazy, Suspense } from 'react';
import { Button, Drawer, Result, Spin } from '@arco-design/web-react';
import { useCall, useTranslation } from '../../../../core/sdk/browser';
import { definitionXml } from '../../diagram/api';

// bpmn-js comes with the viewer, when a diagram is first opened: never in the list's chunk.
const DiagramView = lazy(() => import('../../diagram/DiagramView'));

export interface DiagramTarget {
  processDefinitionId: string;
  name: string;
}

/** A deployed process's diagram in a drawer (the start list's 流程图), read from its XML. */
export function DiagramDrawer({ target, onClose }: { target: DiagramTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const xml = useCall(target?.processDefinitionId ?? null, () => definitionXml(target!.processDefinitionId));
  const spinner = (
    <div className="ba-work-state" role="status">
      <Spin tip={t('flow.work.loading')} />
    </div>
  );
  return (
    <Drawer visible={target !== null} width="min(960px, 100vw)" title={target ? t('flow.work.diagramOf', { name: target.name }) : ''} footer={null} escToExit onCancel={onClose} unmountOnExit>
      {xml.error ? (
        <Result
          status="warning"
          title={t('flow.work.diagramFailed')}
          subTitle={xml.error}
          extra={
            <Button type="primary" onClick={xml.reload}>
              {t('crud.retry')}
            </Button>
          }
        />
      ) : xml.data === undefined ? (
        spinner
      ) : (
        <Suspense fallback={spinner}>
          <DiagramView xml={xml.data} height={560} />
        </Suspense>
      )}
    </Drawer>
  );
}
