import { Button, Checkbox, Input, InputTag, Select } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../core/sdk/browser';
import { CHART_TYPES, PARAM_TYPES, readJson, type ReportChart, type ReportColumn, type ReportParam } from '../declaration';

/**
 * The report dialog's controls for its declarations. Each is a form control of a text field holding
 * JSON (the form gives `value` and `onChange`): edited as rows and choices here, judged by the server
 * when saved or tried.
 */

interface JsonControl {
  value?: string;
  onChange?: (value: string) => void;
}

/** A list declaration edited row by row. */
function useRows<T>(value: string | undefined, onChange: ((value: string) => void) | undefined) {
  const rows = readJson<T[]>(value, []);
  const set = (next: T[]) => onChange?.(JSON.stringify(next));
  return {
    rows,
    add: (row: T) => set([...rows, row]),
    change: (i: number, patch: Partial<T>) => set(rows.map((row, j) => (j === i ? { ...row, ...patch } : row))),
    remove: (i: number) => set(rows.filter((_, j) => j !== i)),
  };
}

export function ParamsEditor({ value, onChange }: JsonControl) {
  const { t } = useTranslation();
  const { rows, add, change, remove } = useRows<ReportParam>(value, onChange);
  return (
    <div className="report-decl" data-testid="report-params-editor">
      {rows.map((p, i) => (
        <div key={i} className="report-decl-row">
          <Input className="report-decl-name" aria-label={t('report.paramName')} placeholder={t('report.paramName')} value={p.name} onChange={(name) => change(i, { name })} />
          <Input aria-label={t('report.paramLabelZh')} placeholder={t('report.paramLabelZh')} value={p.label?.zh ?? ''} onChange={(zh) => change(i, { label: { zh, en: p.label?.en ?? '' } })} />
          <Input aria-label={t('report.paramLabelEn')} placeholder={t('report.paramLabelEn')} value={p.label?.en ?? ''} onChange={(en) => change(i, { label: { zh: p.label?.zh ?? '', en } })} />
          <Select
            className="report-decl-type"
            aria-label={t('report.paramType')}
            value={p.type}
            options={PARAM_TYPES.map((type) => ({ value: type, label: t(`report.paramTypes.${type}`) }))}
            onChange={(type: ReportParam['type']) => change(i, { type, dict: type === 'dict' ? p.dict : undefined })}
          />
          {p.type === 'dict' && <Input aria-label={t('report.paramDict')} placeholder={t('report.paramDict')} value={p.dict ?? ''} onChange={(dict) => change(i, { dict })} />}
          <Input aria-label={t('report.paramDefault')} placeholder={t('report.paramDefaultHint')} value={p.default ?? ''} onChange={(text) => change(i, { default: text || undefined })} />
          <Checkbox checked={Boolean(p.required)} onChange={(required: boolean) => change(i, { required })}>
            {t('report.paramRequired')}
          </Checkbox>
          <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('report.remove')} onClick={() => remove(i)} />
        </div>
      ))}
      <Button type="dashed" size="small" icon={<IconPlus />} onClick={() => add({ name: '', label: { zh: '', en: '' }, type: 'date' })}>
        {t('report.addParam')}
      </Button>
    </div>
  );
}

export function ColumnsEditor({ value, onChange }: JsonControl) {
  const { t } = useTranslation();
  const { rows, add, change, remove } = useRows<ReportColumn>(value, onChange);
  return (
    <div className="report-decl" data-testid="report-columns-editor">
      <div className="report-note">{t('report.columnsHint')}</div>
      {rows.map((c, i) => (
        <div key={i} className="report-decl-row">
          <Input className="report-decl-name" aria-label={t('report.columnName')} placeholder={t('report.columnName')} value={c.name} onChange={(name) => change(i, { name })} />
          <Input aria-label={t('report.paramLabelZh')} placeholder={t('report.paramLabelZh')} value={c.label?.zh ?? ''} onChange={(zh) => change(i, { label: { zh, en: c.label?.en ?? '' } })} />
          <Input aria-label={t('report.paramLabelEn')} placeholder={t('report.paramLabelEn')} value={c.label?.en ?? ''} onChange={(en) => change(i, { label: { zh: c.label?.zh ?? '', en } })} />
          <Checkbox checked={Boolean(c.money)} onChange={(money: boolean) => change(i, { money: money || undefined })}>
            {t('report.columnMoney')}
          </Checkbox>
          <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('report.remove')} onClick={() => remove(i)} />
        </div>
      ))}
      <Button type="dashed" size="small" icon={<IconPlus />} onClick={() => add({ name: '' })}>
        {t('report.addColumn')}
      </Button>
    </div>
  );
}

export function ChartEditor({ value, onChange }: JsonControl) {
  const { t } = useTranslation();
  const chart = readJson<ReportChart>(value, { type: 'table' });
  const set = (patch: Partial<ReportChart>) => onChange?.(JSON.stringify({ ...chart, ...patch }));
  return (
    <div className="report-decl-row" data-testid="report-chart-editor">
      <Select
        className="report-decl-type"
        aria-label={t('report.chartType')}
        value={chart.type}
        options={CHART_TYPES.map((type) => ({ value: type, label: t(`report.chartTypes.${type}`) }))}
        onChange={(type: ReportChart['type']) => set({ type })}
      />
      {chart.type !== 'table' && (
        <>
          <Input aria-label={t('report.chartX')} placeholder={t('report.chartX')} value={chart.x ?? ''} onChange={(x) => set({ x: x || undefined })} />
          <InputTag aria-label={t('report.chartY')} placeholder={t('report.chartY')} allowClear saveOnBlur value={chart.y ?? []} onChange={(y: string[]) => set({ y })} />
          {chart.type !== 'pie' && <Input aria-label={t('report.chartSeries')} placeholder={t('report.chartSeries')} value={chart.series ?? ''} onChange={(series) => set({ series: series || undefined })} />}
        </>
      )}
    </div>
  );
}
