import { lazy, Suspense } from 'react';
import { Button, Card, Descriptions, Result, Spin, Tag } from '@arco-design/web-react';
import { useCall, useTranslation } from '../../../../core/sdk/browser';
import type { BladeFlow } from '../../../../core/sdk/shared';

import { processInstance } from './api';

const ProcessProgress = lazy(() => import('../../diagram/ProcessProgress'));

export interface WorkItemState {
  item: BladeFlow | undefined;
  loading: boolean;
  error: string;
  reload: () => void;
}

/**
 * The request a handling or details page is about, read from its instance in one call, the same whether
 * a list opened the page or its address did (a reload, a link).
 */
export function useWorkItem(processInstanceId: string): WorkItemState {
  const read = useCall(processInstanceId ? `instance:${processInstanceId}` : null, () => processInstance(processInstanceId));
  return { item: read.data, loading: read.loading, error: read.error, reload: read.reload };
}

/** What a spinner says while a part of the page loads. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="ba-work-state" role="status">
      <Spin tip={t('flow.work.loading')} />
    </div>
  );
}

const text = (value: unknown) => (value === undefined || value === null || value === '' ? '-' : String(value));

/**
 * The request as its starter wrote it (the general form's title and reason) and where it is: process,
 * applicant, current step or when it finished, when it was made. Loading, a failure with a retry, or
 * "not found".
 */
export function RequestCard({ state, title }: { state: WorkItemState; title: string }) {
  const { t } = useTranslation();
  const { item } = state;
  let body;
  if (state.error) {
    body = (
      <Result
        status="warning"
        title={t('crud.loadFailed')}
        subTitle={state.error}
        extra={
          <Button type="primary" onClick={state.reload}>
            {t('crud.retry')}
          </Button>
        }
      />
    );
  } else if (state.loading) {
    body = <Loading />;
  } else if (!item) {
    body = <Result status="warning" title={t('flow.work.handlePage.notFound')} />;
  } else {
    const variables = item.variables ?? {};
    const finished = item.processIsFinished === 'finished';
    body = (
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon=":"
        border
        data={[
          { label: t('flow.work.processName'), value: text(item.processDefinitionName) },
          { label: t('flow.work.category'), value: text(item.categoryName) },
          { label: t('flow.work.form.titleField'), value: <span className="ba-work-request">{text(variables.title)}</span> },
          { label: t('flow.work.starter'), value: text(item.assigneeName || variables.createUser) },
          { label: t('flow.work.createTime'), value: text(item.createTime) },
          {
            // Running: the steps waiting now; finished: when it ended.
            label: t('flow.work.state'),
            value: (
              <span data-testid="work-request-state">
                <Tag color={finished ? 'green' : 'orange'}>{t(finished ? 'flow.work.finished' : 'flow.work.unfinished')}</Tag> {finished ? text(item.endTime) : text(item.taskName)}
              </span>
            ),
          },
          { label: t('flow.work.form.reason'), value: <span className="ba-work-request">{text(variables.reason)}</span>, span: 2 },
        ]}
      />
    );
  }
  return (
    <Card title={title} data-testid="work-request">
      {body}
    </Card>
  );
}

/** The instance's history and highlighted diagram (their code loads with this card). */
export function ProgressCard({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('flow.work.progress')}>
      <Suspense fallback={<Loading />}>
        <ProcessProgress processInstanceId={processInstanceId} />
      </Suspense>
    </Card>
  );
}
