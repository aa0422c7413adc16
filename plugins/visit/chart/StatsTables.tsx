import { Table } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';
import type { SourceSlice } from './specs';
import type { DayCount, StaffCount } from './stats';

const share = (count: number, total: number) => (total ? `${Math.round((count / total) * 1000) / 10}%` : '0%');

/** The days of the range as rows: what the line shows. */
export function TrendTable({ days }: { days: readonly DayCount[] }) {
  const { t } = useTranslation();
  return (
    <Table
      className="visit-table"
      aria-label={t('visit.chart.trend')}
      size="small"
      rowKey="date"
      pagination={false}
      scroll={{ y: 320 }}
      data={[...days]}
      columns={[
        { title: t('visit.chart.date'), dataIndex: 'date' },
        { title: t('visit.chart.pv'), dataIndex: 'pv', align: 'right' },
        { title: t('visit.chart.uv'), dataIndex: 'uv', align: 'right' },
      ]}
    />
  );
}

/** Visits by source with their share: what the donut shows. */
export function SourcesTable({ slices }: { slices: readonly SourceSlice[] }) {
  const { t } = useTranslation();
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  return (
    <Table
      className="visit-table"
      aria-label={t('visit.chart.sources')}
      size="small"
      rowKey="source"
      pagination={false}
      data={[...slices]}
      columns={[
        { title: t('visit.chart.source'), dataIndex: 'name' },
        { title: t('visit.chart.count'), dataIndex: 'count', align: 'right' },
        { title: t('visit.chart.share'), dataIndex: 'count', align: 'right', render: (count: number) => share(count, total) },
      ]}
    />
  );
}

/** The staff most visited, in order: what the bars show. */
export function TopStaffTable({ staff }: { staff: readonly StaffCount[] }) {
  const { t } = useTranslation();
  return (
    <Table
      className="visit-table"
      aria-label={t('visit.chart.topStaff')}
      size="small"
      rowKey="staffId"
      pagination={false}
      data={[...staff]}
      columns={[
        { title: '#', dataIndex: 'staffId', width: 48, render: (_: unknown, __: StaffCount, index: number) => index + 1 },
        { title: t('visit.chart.staffName'), dataIndex: 'staffName' },
        { title: t('visit.chart.count'), dataIndex: 'count', align: 'right' },
      ]}
    />
  );
}
