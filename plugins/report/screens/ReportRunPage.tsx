import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Result, Skeleton, Space, Tag } from '@arco-design/web-react';
import { IconDownload, IconPlayArrow } from '@arco-design/web-react/icon';
import { query, resourceKey, saveBlob, useQuery, useTranslation } from '../../../core/sdk/browser';
import { readJson, type ReportChart, type ReportColumn, type ReportParam, type ReportResult } from '../declaration';
import { REPORT_ENABLED, reportEntity } from '../entity';
import { exportReport, failure, runReport, type ParamValues } from './api';
import { initialValues, ParamForm } from './ParamForm';
import { ResultView } from './ResultView';
import './report.css';

interface LoadedReport {
  id: string;
  name: string;
  description: string;
  category: string;
  status: number;
  params: ReportParam[];
  columns: ReportColumn[];
  chart: ReportChart;
}

const readReport = (data: unknown): LoadedReport | null => {
  if (!data || typeof data !== 'object') return null;
  const row = data as Record<string, unknown>;
  return {
    id: String(row.id ?? ''),
    name: String(row.name ?? ''),
    description: String(row.description ?? ''),
    category: String(row.category ?? ''),
    status: Number(row.status ?? REPORT_ENABLED),
    params: readJson<ReportParam[]>(row.params, []),
    columns: readJson<ReportColumn[]>(row.columns, []),
    chart: readJson<ReportChart>(row.chart, { type: 'table' }),
  };
};

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

/** The run view of one report, its values and result kept while the tab is open. */
function RunView({ report }: { report: LoadedReport }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ParamValues>(() => initialValues(report.params));
  const [result, setResult] = useState<ReportResult | null>(null);
  const [error, setError] = useState('');
  const [running, setRunning] = useState(false);
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    setRunning(true);
    setError('');
    try {
      setResult(await runReport(report.id, values));
    } catch (e) {
      setError(failure(e));
    } finally {
      setRunning(false);
    }
  };
  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportReport(report.id, values), `${report.name || t('report.exportName')}-${today()}.xlsx`);
    } catch {
      // the HTTP pipeline's toast said why
    } finally {
      setExporting(false);
    }
  };
  const disabled = report.status !== REPORT_ENABLED;

  return (
    <>
      <Card className="report-card" bordered={false}>
        <div className="report-head">
          <div>
            <div className="report-title">
              {report.name} {report.category && <Tag size="small">{report.category}</Tag>}
            </div>
            {report.description && <div className="report-note">{report.description}</div>}
          </div>
        </div>
        <form
          className="report-run-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          <ParamForm params={report.params} values={values} onChange={setValues} />
          <Space className="report-actions">
            <Button type="primary" htmlType="submit" icon={<IconPlayArrow />} loading={running} disabled={disabled} data-testid="report-run">
              {t('report.run')}
            </Button>
            <Button icon={<IconDownload />} loading={exporting} disabled={disabled || running} onClick={() => void download()} data-testid="report-export">
              {t('report.export')}
            </Button>
          </Space>
        </form>
        {disabled && <Alert className="report-alert" type="warning" content={t('report.disabled')} />}
        {error && <Alert className="report-alert" type="error" title={t('report.runFailed')} content={error} data-testid="report-error" />}
      </Card>
      {result ? (
        <ResultView name={report.name} result={result} columns={report.columns} chart={report.chart} />
      ) : (
        <Card className="report-card" bordered={false}>
          {running ? <Skeleton animation text={{ rows: 6 }} /> : <div className="report-empty-run">{t('report.notRun')}</div>}
        </Card>
      )}
    </>
  );
}

/** /report/run/:id: a report's parameter form, its result as a table and a chart, and its export. */
export default function ReportRunPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const base = reportEntity.api.base;
  const loaded = useQuery(useMemo(() => query(resourceKey(reportEntity), `${base}/detail`, { params: { id }, select: readReport }), [base, id]));
  let body;
  if (loaded.failed && !loaded.data) {
    body = (
      <Card className="report-card" bordered={false}>
        <Result status="warning" title={t('report.loadFailed')} extra={<Button type="primary" onClick={() => void loaded.reload()}>{t('report.retry')}</Button>} />
      </Card>
    );
  } else if (!loaded.data) {
    body = loaded.loading || loaded.data === undefined ? (
      <Card className="report-card" bordered={false}>
        <Skeleton animation text={{ rows: 4 }} />
      </Card>
    ) : (
      <Card className="report-card" bordered={false}>
        <Result status="404" title={t('report.loadFailed')} />
      </Card>
    );
  } else {
    body = <RunView key={loaded.data.id} report={loaded.data} />;
  }
  return (
    <div className="report-page" data-testid="report-run-page">
      {body}
    </div>
  );
}
