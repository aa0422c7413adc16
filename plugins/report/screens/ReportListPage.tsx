import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Link } from '@arco-design/web-react';
import { IconPlayArrow } from '@arco-design/web-react/icon';
import { CrudPage, useTranslation, type FormMode, type FormOverrides } from '../../../core/sdk/browser';
import { reportEntity } from '../entity';
import { ChartEditor, ColumnsEditor, ParamsEditor } from './editors';
import { SqlEditor } from './SqlEditor';
import './report.css';

const FIELDS = ['name', 'category', 'status', 'timeoutMs', 'description', 'sql', 'params', 'columns', 'chart'];

/**
 * /report/reportlist: the reports (name, description, category, status, updated). Writers add and edit
 * them in a wide dialog (the SQL in a monospace editor with 试运行, the parameters, columns and chart as
 * rows and choices); whoever may view runs one (运行), which opens its run view in a tab of its own.
 */
export default function ReportListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (id: string) => navigate(`/report/run/${id}`);
  const form = useMemo(
    () =>
      (mode: FormMode): FormOverrides => ({
        fields: FIELDS,
        controls: {
          sql: <SqlEditor disabled={mode === 'view'} />,
          params: <ParamsEditor />,
          columns: <ColumnsEditor />,
          chart: <ChartEditor />,
        },
      }),
    [],
  );
  return (
    <CrudPage
      entity={reportEntity}
      className="report-list"
      rowActions={['edit', 'delete']}
      extraRowActions={(row) => (
        <Button type="text" size="mini" icon={<IconPlayArrow />} onClick={() => open(String(row.id))} data-testid="report-open">
          {t('report.run')}
        </Button>
      )}
      table={{
        cells: {
          name: (_value, row, text) => (
            <Link onClick={() => open(String(row.id))} data-testid="report-name">
              {text}
            </Link>
          ),
        },
      }}
      dialog={{ width: 1080, form }}
    />
  );
}
