import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, InputNumber, Message, Result, Spin } from '@arco-design/web-react';
import { DATETIME_FORMAT, http, localText, RecordDialog, type Row, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
import { choosePlugins, type PluginCatalogue, type PluginInfo } from './plugins';

export interface SettingsDialogProps {
  /** The tenants to set (one or more rows of the list). */
  rows: Row[];
  catalogue: PluginCatalogue;
  onClose: () => void;
  onSaved: () => void;
}

type Option = 'accountNumber' | 'expireTime' | 'plugins';

/** The value all rows share, or undefined when they differ. */
function shared<T>(rows: readonly Row[], get: (row: Row) => T): T | undefined {
  const values = rows.map(get);
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

const ALL = '*';

/**
 * 授权配置 for the selected tenants: account quota (-1 unlimited), expiry (empty: never) and the plugins
 * they have (all, now and later, or a choice; what a chosen plugin needs comes with it). Only the options
 * the administrator changed are sent (`POST /api/blade-system/tenant/setting?ids=&…`): with several
 * tenants, what is left alone keeps each tenant's own value.
 */
export function SettingsDialog({ rows, catalogue, onClose, onSaved }: SettingsDialogProps) {
  const { t } = useTranslation();
  const initial = useMemo(
    () => ({
      accountNumber: shared(rows, (r) => Number(r.accountNumber ?? -1)),
      expireTime: shared(rows, (r) => String(r.expireTime ?? '')),
      plugins: shared(rows, (r) => String(r.plugins ?? ALL)),
    }),
    [rows],
  );
  const installed = catalogue.items ?? [];
  const [accountNumber, setAccountNumber] = useState<number | undefined>(initial.accountNumber);
  const [expireTime, setExpireTime] = useState<string>(initial.expireTime ?? '');
  const [all, setAll] = useState(initial.plugins === ALL);
  const [plugins, setPlugins] = useState<string[]>(() => (initial.plugins && initial.plugins !== ALL ? initial.plugins.split(',').filter(Boolean) : []));
  const [note, setNote] = useState<{ added: string[]; dropped: string[] }>({ added: [], dropped: [] });
  const [touched, setTouched] = useState<ReadonlySet<Option>>(new Set());
  const touch = (option: Option) => setTouched((prev) => new Set(prev).add(option));

  const nameOf = (id: string) => {
    const found = installed.find((p) => p.id === id);
    return found ? localText(found.name) : id;
  };
  const names = (ids: readonly string[]) => ids.map(nameOf).join(t('tenant.listSeparator'));

  /** What changed, as the query of the setting call. */
  const changes = (): Record<string, string> => {
    const query: Record<string, string> = {};
    if (touched.has('accountNumber') && accountNumber !== undefined && accountNumber !== initial.accountNumber) query.accountNumber = String(accountNumber);
    if (touched.has('expireTime') && expireTime !== initial.expireTime) query.expireTime = expireTime;
    if (touched.has('plugins')) {
      const value = all ? ALL : plugins.join(',');
      if (value !== initial.plugins) query.plugins = value;
    }
    return query;
  };

  const dialog = useRecordDialog<Row[], Record<string, string>>({
    initial: rows,
    prepare: () => {
      const query = changes();
      if (Object.keys(query).length > 0) return query;
      Message.warning({ id: 'tenant:nothing-changed', content: t('tenant.nothingChanged') });
      return null;
    },
    save: (query) => http.post('/api/blade-system/tenant/setting', undefined, { params: { ids: rows.map((r) => r.id).join(','), ...query } }),
    success: t('tenant.settingSaved'),
    onSaved,
    onClose,
  });

  const pluginOptions = (items: readonly PluginInfo[]) =>
    items.map((p) => ({
      value: p.id,
      label: (
        <span>
          {localText(p.name)}
          {p.requires.length > 0 ? <span className="ba-tenant-requires"> {t('tenant.requires', { names: names(p.requires) })}</span> : null}
        </span>
      ),
    }));

  return (
    <RecordDialog
      dialog={dialog}
      title={rows.length === 1 ? t('tenant.settingsOf', { name: String(rows[0]!.tenantName ?? '') }) : t('tenant.settingsMany', { count: rows.length })}
      width={640}
      className="ba-tenant-settings"
      testId="tenant-setting-save"
    >
      {() => (
        <>
          {rows.length > 1 ? <Alert type="info" content={t('tenant.manyHint', { count: rows.length })} style={{ marginBottom: 16 }} /> : null}
          <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 19 }}>
            <Form.Item label={t('tenant.accountNumber')} extra={t('tenant.accountNumberHint')}>
              <InputNumber
                min={-1}
                max={1_000_000}
                precision={0}
                value={accountNumber}
                placeholder={initial.accountNumber === undefined ? t('tenant.mixed') : undefined}
                aria-label={t('tenant.accountNumber')}
                onChange={(value) => {
                  setAccountNumber(value === undefined || value === null || Number.isNaN(Number(value)) ? undefined : Number(value));
                  touch('accountNumber');
                }}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item label={t('tenant.expireTime')} extra={t('tenant.expireTimeHint')}>
              <DatePicker
                showTime
                format={DATETIME_FORMAT}
                value={expireTime || undefined}
                placeholder={initial.expireTime === undefined ? t('tenant.mixed') : t('tenant.never')}
                onChange={(value: string | undefined) => {
                  setExpireTime(value ?? '');
                  touch('expireTime');
                }}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item label={t('tenant.plugins')}>
              {catalogue.failed ? (
                <Result
                  status="warning"
                  title={t('tenant.pluginsFailed')}
                  extra={
                    <Button size="small" onClick={catalogue.reload}>
                      {t('crud.retry')}
                    </Button>
                  }
                />
              ) : !catalogue.items ? (
                <Spin tip={t('crud.loading')} />
              ) : (
                <div>
                  <Checkbox
                    checked={all}
                    onChange={(checked: boolean) => {
                      setAll(checked);
                      // Leaving "all": start from every plugin, to uncheck the unwanted ones.
                      if (!checked && plugins.length === 0) setPlugins(installed.map((p) => p.id));
                      setNote({ added: [], dropped: [] });
                      touch('plugins');
                    }}
                  >
                    {t('tenant.allPlugins')}
                  </Checkbox>
                  <Checkbox.Group
                    className="ba-tenant-plugins"
                    direction="vertical"
                    disabled={all}
                    value={all ? installed.map((p) => p.id) : plugins}
                    options={pluginOptions(installed)}
                    onChange={(next: string[]) => {
                      const result = choosePlugins(installed, plugins, next);
                      setPlugins(result.chosen);
                      setNote({ added: result.added, dropped: result.dropped });
                      touch('plugins');
                    }}
                  />
                  <Alert type="warning" showIcon content={t('tenant.requiresNote')} style={{ marginTop: 8 }} />
                  {note.added.length > 0 ? <Alert type="warning" content={t('tenant.requiredAdded', { names: names(note.added) })} style={{ marginTop: 8 }} /> : null}
                  {note.dropped.length > 0 ? <Alert type="warning" content={t('tenant.dependentsDropped', { names: names(note.dropped) })} style={{ marginTop: 8 }} /> : null}
                </div>
              )}
            </Form.Item>
          </Form>
        </>
      )}
    </RecordDialog>
  );
}
