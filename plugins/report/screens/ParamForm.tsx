import { DatePicker, Input, InputNumber, Select } from '@arco-design/web-react';
import { localText, useDictionary, useTranslation } from '../../../core/sdk/browser';
import { resolveDefault, type ReportParam } from '../declaration';
import type { ParamValues } from './api';

/** The values a report's form opens with: each parameter's default (relative days from today). */
export function initialValues(params: readonly ReportParam[], now = new Date()): ParamValues {
  return Object.fromEntries(params.map((p) => [p.name, resolveDefault(p, now) || null]));
}

interface ControlProps {
  param: ReportParam;
  value: string | number | null | undefined;
  onChange: (value: string | number | null) => void;
  label: string;
}

/** A dictionary parameter: its entries to choose from (the bare key typed when the dictionary is not there). */
function DictControl({ param, value, onChange, label }: ControlProps) {
  const { t } = useTranslation();
  const { options, loading } = useDictionary(param.dict);
  if (!loading && options.length === 0) return <Input aria-label={label} value={value === null || value === undefined ? '' : String(value)} onChange={(v) => onChange(v || null)} />;
  return (
    <Select
      aria-label={label}
      allowClear
      showSearch
      loading={loading}
      placeholder={t('report.choose')}
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      options={options.map((o) => ({ label: o.label, value: String(o.value) }))}
      onChange={(v: string | undefined) => onChange(v ?? null)}
    />
  );
}

function Control(props: ControlProps) {
  const { param, value, onChange, label } = props;
  const text = value === null || value === undefined ? '' : String(value);
  switch (param.type) {
    case 'date':
      return <DatePicker aria-label={label} value={text || undefined} onChange={(v: string) => onChange(v || null)} />;
    case 'datetime':
      return <DatePicker aria-label={label} showTime format="YYYY-MM-DD HH:mm:ss" value={text || undefined} onChange={(v: string) => onChange(v || null)} />;
    case 'int':
      return <InputNumber aria-label={label} precision={0} value={text === '' ? undefined : Number(text)} onChange={(v) => onChange(v === undefined || v === null || Number.isNaN(v) ? null : v)} />;
    case 'dict':
      return <DictControl {...props} />;
    default:
      return <Input aria-label={label} value={text} maxLength={200} onChange={(v) => onChange(v === '' ? null : v)} />;
  }
}

/** A report's parameters as a row of labelled controls. */
export function ParamForm({ params, values, onChange }: { params: readonly ReportParam[]; values: ParamValues; onChange: (values: ParamValues) => void }) {
  const { t } = useTranslation();
  if (params.length === 0) return <div className="report-note">{t('report.noParams')}</div>;
  return (
    <div className="report-params" data-testid="report-params">
      {params.map((param) => {
        const label = localText(param.label) || param.name;
        return (
          <div key={param.name} className="report-param">
            <span className="report-param-label">
              {param.required && <span className="report-required">*</span>}
              {label}
            </span>
            <Control param={param} label={label} value={values[param.name]} onChange={(value) => onChange({ ...values, [param.name]: value })} />
          </div>
        );
      })}
    </div>
  );
}
