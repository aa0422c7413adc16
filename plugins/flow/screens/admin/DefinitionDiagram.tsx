import { lazy, Suspense } from 'react';
import { Button, Result, Spin } from '@arco-design/web-react';
import { useCall, useTranslation } from '../../../../core/sdk/browser';
import { definitionXml } from '../../diagram/api';

const DiagramView = lazy(() => import('../../diagram/DiagramView'));

/** A deployed definition's diagram, read as its XML resource. */
export function DefinitionDiagram({ processDefinitionId }: { processDefinitionId: string }) {
  const { t } = useTranslation();
  const xml = useCall(`definition-xml:${processDefinitionId}`, () => definitionXml(processDefinitionId));
  if (xml.error) return <Result status="warning" subTitle={t('flow.admin.diagramFailed', { reason: xml.error })} extra={<Button onClick={xml.reload}>{t('flow.admin.retry')}</Button>} />;
  if (xml.data === undefined) return <Spin className="flow-admin-spin" />;
  return (
    <Suspense fallback={<Spin className="flow-admin-spin" />}>
      <DiagramView xml={xml.data} height={520} />
    </Suspense>
  );
}
