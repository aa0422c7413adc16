import { useState } from 'react';
import { Alert, Button, Form, Input } from '@arco-design/web-react';
import { IconPlayArrow } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../core/sdk/browser';
import { readJson, type ReportChart, type ReportColumn, type ReportParam, type ReportResult } from '../declaration';
import { failure, tryReport, type ParamValues } from './api';
import { initialValues, ParamForm } from './ParamForm';
import { ResultView } from './ResultView';

/**
 * The report's SQL in a monospace editor, and under it 试运行 / Try: the SQL and declarations as they
 * stand in the form, run with the values given here (the server's checks and limits of a run). A refusal
 * shows here, the form untouched.
 */
export function SqlEditor({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { form } = Form.useFormContext();
  const paramsText = Form.useWatch('params', form) as string | undefined;
  const params = readJson<ReportParam[]>(paramsText, []).filter((p) => p.name);
  const [values, setValues] = useState<ParamValues>({});
  const [result, setResult] = useState<ReportResult | null>(null);
  const [error, setError] = useState('');
  const [trying, setTrying] = useState(false);
  const shown = { ...initialValues(params), ...values };

  const attempt = async () => {
    const fields = form.getFieldsValue() as Record<string, unknown>;
    setTrying(true);
    setError('');
    try {
      const timeout = Number(fields.timeoutMs);
      setResult(
        await tryReport(
          {
            sql: String(value ?? ''),
            paramDecl: (fields.params as string | undefined) || undefined,
            columnDecl: (fields.columns as string | undefined) || undefined,
            chart: (fields.chart as string | undefined) || undefined,
            timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : undefined,
          },
          shown,
        ),
      );
    } catch (e) {
      setResult(null);
      setError(failure(e));
    } finally {
      setTrying(false);
    }
  };
  const fields = form.getFieldsValue() as Record<string, unknown>;

  return (
    <div className="report-sql">
      <Input.TextArea
        className="report-sql-text"
        value={value}
        onChange={(text) => onChange?.(text)}
        disabled={disabled}
        autoSize={{ minRows: 8, maxRows: 24 }}
        spellCheck={false}
        aria-label="SQL"
        data-testid="report-sql"
      />
      <div className="report-note">{t('report.sqlHint')}</div>
      {!disabled && (
        <div className="report-try" data-testid="report-try">
          <div className="report-try-bar">
            <ParamForm params={params} values={shown} onChange={setValues} />
            <Button icon={<IconPlayArrow />} loading={trying} disabled={!value?.trim()} onClick={() => void attempt()} data-testid="report-try-button">
              {t('report.try')}
            </Button>
          </div>
          <div className="report-note">{t('report.tryHint')}</div>
          {error && <Alert className="report-alert" type="error" title={t('report.tryFailed')} content={error} data-testid="report-try-error" />}
          {result && (
            <ResultView
              name={String(fields.name ?? '')}
              result={result}
              columns={readJson<ReportColumn[]>(fields.columns, [])}
              chart={readJson<ReportChart>(fields.chart, { type: 'table' })}
            />
          )}
        </div>
      )}
    </div>
  );
}
