import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Card, Descriptions, Result, Spin } from '@arco-design/web-react';
import { useTranslation } from '../../../../core/sdk/browser';
import type { BladeFlow } from '../../blade-flow';
import { useCall } from '../../diagram/useCall';
import { findWorkItem } from './api';

const ProcessProgress = lazy(() => import('../../diagram/ProcessProgress'));

export interface WorkItemState {
  item: BladeFlow | undefined;
  loading: boolean;
  error: string;
  reload: () => void;
}

/**
 * The work item a handling or details page is about: the one the list or the top bar handed along when
 * it opened the page, else the one the caller's lists hold (the page was reloaded or linked to).
 */
export function useWorkItem(processInstanceId: string, taskId?: string): WorkItemState {
  const handed = (useLocation().state as { item?: BladeFlow } | null)?.item;
  const matches = handed !== undefined && handed.processInstanceId === processInstanceId && (!taskId || handed.taskId === taskId);
  const looked = useCall(matches ? null : `${processInstanceId}/${taskId ?? ''}`, () => findWorkItem(processInstanceId, taskId));
  if (matches) return { item: handed, loading: false, error: '', reload: () => undefined };
  return { item: looked.data, loading: looked.loading, error: looked.error, reload: looked.reload };
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
 * applicant, current step, when it was made. Loading, a failure with a retry, or "not found".
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
    body = (
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon=":"
        border
        data={[
          { label: t('flow.work.processName'), value: text(item.processDefinitionName) },
          { label: t('flow.work.category'), value: text(item.categoryName) },
          { label: t('flow.work.form.titleField'), value: <span className="ba-work-request">{text(variables.title)}</span> },
          { label: t('flow.work.starter'), value: text(variables.createUser) },
          { label: t('flow.work.taskName'), value: text(item.taskName) },
          { label: t('flow.work.createTime'), value: text(item.createTime) },
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
