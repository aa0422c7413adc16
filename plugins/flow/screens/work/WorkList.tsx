import { useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Button, DatePicker, Form, Select, Tag } from '@arco-design/web-react';
import { IconBranch, IconCheckCircle, IconEdit, IconEye, IconFile, IconSend } from '@arco-design/web-react/icon';
import {
  CrudTable,
  CrudToolbar,
  currentLanguage,
  DATE_FORMAT,
  SearchForm,
  toastSuccess,
  useDictionary,
  useGranted,
  useTranslation,
  type CellRenderer,
  type Row,
} from '../../../../core/sdk/browser';
import type { BladeFlow } from '../../../../core/sdk/shared';
import { FLOW_DICTIONARY } from '../../dictionary';
import { claimTask } from './api';
import { DiagramDrawer, type DiagramTarget } from './DiagramDrawer';
import { useFormRoutes } from './form-route';
import { WORK_LISTS, type RowAction, type WorkKind } from './lists';
import { ProgressDrawer } from './ProgressDrawer';
import { useWorkList } from './useWorkList';
import './work.css';

const ICONS: Record<RowAction, ReactNode> = {
  start: <IconSend />,
  diagram: <IconBranch />,
  claim: <IconCheckCircle />,
  handle: <IconEdit />,
  detail: <IconFile />,
  follow: <IconEye />,
};

/** The state column: finished in green, running in orange, as the choices say. */
const stateTag: CellRenderer = (value, _row, text) =>
  value ? (
    <Tag size="small" color={value === 'finished' ? 'green' : 'orange'}>
      {text}
    </Tag>
  ) : null;

/** The flow dictionary's entries as category choices: `flow_<key>`, the process's category. */
function useCategoryOptions() {
  const { items } = useDictionary(FLOW_DICTIONARY);
  return useMemo(() => items.map((item) => ({ value: `flow_${item.dictKey}`, label: item.dictValue })), [items]);
}

/**
 * One of the work lists (start, claim, to do, sent, done): its filters (category, name, dates), the
 * engine's page of items, and the row actions the user's codes allow. 发起 and 处理 open the category's
 * form (its own, or the general one); 详情 its details page; 签收 claims the task (it moves to 待办);
 * 流程图 and 跟踪 open drawers with the diagram and the instance's progress.
 */
export const WorkList = observer(function WorkList({ kind }: { kind: WorkKind }) {
  const config = WORK_LISTS[kind];
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useWorkList(config);
  const granted = useGranted(config.actions.map(([, code]) => code));
  const routesOf = useFormRoutes();
  const categories = useCategoryOptions();
  const [diagram, setDiagram] = useState<DiagramTarget | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [claiming, setClaiming] = useState('');

  const claim = async (row: Row) => {
    const taskId = String(row.taskId);
    setClaiming(taskId);
    try {
      const said = await claimTask(taskId);
      toastSuccess(said || t('flow.work.claimed'));
      await list.afterRemove(1);
    } catch {
      // the HTTP pipeline's toast said why (claimed by someone else first, say); the list reloads
      await list.reload();
    } finally {
      setClaiming('');
    }
  };

  const run = (action: RowAction, row: Row) => {
    const item = row as unknown as BladeFlow & { id: string; name?: string };
    const routes = routesOf(String(row.category ?? ''));
    switch (action) {
      case 'start':
        return navigate(routes.form(item.id), { state: { name: item.name } });
      case 'diagram':
        return setDiagram({ processDefinitionId: item.id, name: String(item.name ?? '') });
      case 'claim':
        return void claim(row);
      case 'handle':
        return navigate(routes.handle(item.taskId, item.processInstanceId, item.businessId));
      case 'detail':
        return navigate(routes.detail(item.processInstanceId, item.businessId));
      case 'follow':
        return setProgress(item.processInstanceId);
    }
  };

  const allowed = config.actions.filter(([, code]) => granted(code));
  const actionsWidth = 32 + allowed.length * (currentLanguage() === 'en' ? 84 : 62);

  return (
    <div className="ba-crud ba-work-list" data-testid={`work-${kind}`}>
      <SearchForm
        entity={config.entity}
        fields={['processDefinitionName']}
        onSearch={list.search}
        onReset={list.reset}
        loading={list.loading}
        values={list.searchValues}
        extra={
          <>
            <Form.Item field="category" label={t('flow.work.category')}>
              <Select allowClear placeholder={t('flow.work.allCategories')} options={categories} style={{ width: 160 }} aria-label={t('flow.work.category')} />
            </Form.Item>
            {config.dates ? (
              <Form.Item field="dates" label={t('flow.work.dates')}>
                <DatePicker.RangePicker format={DATE_FORMAT} style={{ width: 240 }} />
              </Form.Item>
            ) : null}
          </>
        }
      />
      <CrudToolbar list={list} columns={config.columns} exportable={false} />
      <CrudTable
        list={list}
        columns={config.columns}
        selection={false}
        actionsWidth={actionsWidth}
        cells={{ processIsFinished: stateTag }}
        actions={
          allowed.length === 0
            ? undefined
            : (row) =>
                allowed.map(([action]) => (
                  <Button
                    key={action}
                    type="text"
                    size="mini"
                    icon={ICONS[action]}
                    loading={action === 'claim' && claiming === String(row.taskId)}
                    onClick={() => run(action, row)}
                    data-testid={`work-${action}`}
                  >
                    {t(`flow.work.${action}`)}
                  </Button>
                ))
        }
      />
      <DiagramDrawer target={diagram} onClose={() => setDiagram(null)} />
      <ProgressDrawer processInstanceId={progress} onClose={() => setProgress(null)} />
    </div>
  );
});
