import { lazy, Suspense } from 'react';
import { Button, Empty, Result, Spin, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { type ProcessProgressProps, useCall, useTranslation } from '../../../core/sdk/browser';
import type { BladeFlow } from '../../../core/sdk/shared';
import { doneActivities, historySteps, modelView } from './api';

import './diagram.css';

const DiagramView = lazy(() => import('./DiagramView'));

/** A task's outcome: approved or rejected once it ended, in progress while it waits; nothing for events. */
function Outcome({ item }: { item: BladeFlow }) {
  const { t } = useTranslation();
  if (item.taskId === '') return null;
  if (item.endTime === '') return <Tag color="orange">{t('flow.diagram.waiting')}</Tag>;
  return item.pass ? <Tag color="green">{t('flow.diagram.approved')}</Tag> : <Tag color="red">{t('flow.diagram.rejected')}</Tag>;
}

/**
 * Where an instance stands: its diagram with the passed steps green and the waiting ones orange, and its
 * history (each step, who handled it, when, how long, with what comment and outcome).
 */
export default function ProcessProgress({ processInstanceId }: ProcessProgressProps) {
  const { t } = useTranslation();
  const view = useCall(processInstanceId ? `model-view:${processInstanceId}` : null, () => modelView(processInstanceId));

  if (view.error) {
    return (
      <Result
        status="warning"
        title={t('flow.diagram.loadFailed', { reason: view.error })}
        extra={<Button onClick={view.reload}>{t('flow.diagram.retry')}</Button>}
        data-testid="flow-progress-failed"
      />
    );
  }
  if (!view.data) {
    return (
      <div className="flow-progress-loading">
        <Spin tip={t('flow.diagram.loading')} />
      </div>
    );
  }
  const { flow, xml, current, flows } = view.data;
  const columns: TableColumnProps<BladeFlow>[] = [
    { title: t('flow.diagram.step'), dataIndex: 'historyActivityName', width: 140 },
    { title: t('flow.diagram.who'), dataIndex: 'assigneeName', width: 110 },
    { title: t('flow.diagram.started'), dataIndex: 'createTime', width: 170 },
    { title: t('flow.diagram.ended'), dataIndex: 'endTime', width: 170 },
    { title: t('flow.diagram.duration'), dataIndex: 'historyActivityDurationTime', width: 130 },
    { title: t('flow.diagram.comment'), dataIndex: 'comment', ellipsis: true },
    { title: t('flow.diagram.result'), key: 'result', width: 90, render: (_value, item) => <Outcome item={item} /> },
  ];
  return (
    <div className="flow-progress" data-testid="flow-progress">
      {xml ? (
        <Suspense fallback={<Spin />}>
          <DiagramView xml={xml} done={doneActivities(flow)} current={current} flows={flows} height={360} />
        </Suspense>
      ) : null}
      <h4 className="flow-progress-title">{t('flow.diagram.history')}</h4>
      <Table
        rowKey={(item) => `${item.historyActivityId}:${item.taskId}:${item.createTime}`}
        columns={columns}
        data={historySteps(flow)}
        pagination={false}
        size="small"
        border={{ wrapper: true, cell: false }}
        scroll={{ x: 900 }}
        noDataElement={<Empty description={t('flow.diagram.noHistory')} />}
        data-testid="flow-history"
      />
    </div>
  );
}
