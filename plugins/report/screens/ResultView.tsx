import { useCallback, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Card, Empty, Table, type TableColumnProps } from '@arco-design/web-react';
import { currentLanguage, formatYuan, useKernel, useTranslation } from '../../../core/sdk/browser';
import { chartPalette, G2Chart } from '../../../core/sdk/chart';
import { ROW_CAP, type ReportChart, type ReportColumn, type ReportResult } from '../declaration';
import { chartSpec } from './chart-spec';

type Cell = ReportResult['rows'][number][number];

interface ResultViewProps {
  name: string;
  result: ReportResult;
  columns: readonly ReportColumn[];
  chart: ReportChart;
}

/**
 * A run's result: the chart the report declares (when it can be drawn) above the rows, paged here in
 * the browser, numbers right-aligned and money columns in yuan; the run time and the row count, and a
 * note when the rows were capped.
 */
export const ResultView = observer(function ResultView({ name, result, columns, chart }: ResultViewProps) {
  const { t } = useTranslation();
  const { preferences } = useKernel();
  const [broken, setBroken] = useState(false);
  const declared = useMemo(() => new Map(columns.map((c) => [c.name, c])), [columns]);
  const money = useMemo(() => new Set(columns.filter((c) => c.money).map((c) => c.name)), [columns]);
  const language = currentLanguage();
  const title = useCallback(
    (column: string) => {
      const label = declared.get(column)?.label;
      return (label && label[language]) || (label && label.zh) || column;
    },
    [declared, language],
  );
  const spec = useMemo(() => chartSpec(chart, result, title, money, chartPalette(preferences.color, preferences.dark)), [chart, result, title, money, preferences.color, preferences.dark]);

  const tableColumns: TableColumnProps<Cell[]>[] = result.columns.map((column, i) => {
    const numeric = column.type === 'number';
    const isMoney = numeric && money.has(column.name);
    return {
      key: `${i}`,
      title: title(column.name),
      align: numeric ? 'right' : 'left',
      ellipsis: true,
      render: (_: unknown, row: Cell[]) => {
        const value = row[i];
        if (value === null || value === undefined) return '';
        if (isMoney && typeof value === 'number') return formatYuan(Math.round(value), { symbol: true });
        if (typeof value === 'boolean') return value ? '✓' : '';
        return String(value);
      },
    };
  });
  const rows = result.rows.map((row, i) => Object.assign([...row], { key: i }));

  return (
    <>
      {spec && result.rows.length > 0 && (
        <Card className="report-card" bordered={false} title={t('report.chart')} data-testid="report-chart">
          {broken ? (
            <div className="report-note">{t('report.chartFailed')}</div>
          ) : (
            <G2Chart
              spec={spec}
              dark={preferences.dark}
              label={t('report.chartLabel', { name, type: t(`report.chartTypes.${chart.type}`), count: result.rows.length })}
              onFailed={() => setBroken(true)}
            />
          )}
        </Card>
      )}
      <Card
        className="report-card"
        bordered={false}
        title={t('report.result')}
        extra={
          <span className="report-meta" data-testid="report-meta">
            {t('report.rows', { count: result.rows.length })} · {t('report.ms', { ms: result.ms })}
          </span>
        }
      >
        {result.truncated && <Alert className="report-alert" type="warning" content={t('report.truncated', { cap: ROW_CAP })} />}
        {result.rows.length === 0 ? (
          <Empty description={<><div>{t('report.empty')}</div><div className="report-note">{t('report.emptyHint')}</div></>} />
        ) : (
          <Table
            data-testid="report-table"
            rowKey="key"
            columns={tableColumns}
            data={rows}
            size="small"
            border={{ wrapper: true, cell: true }}
            scroll={{ x: true }}
            pagination={{ pageSize: 20, sizeCanChange: true, showTotal: true, sizeOptions: [20, 50, 100] }}
          />
        )}
      </Card>
    </>
  );
});
