import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Message, Space, Tag } from '@arco-design/web-react';
import { IconSettings, IconStorage } from '@arco-design/web-react/icon';
import { CrudPage, invalidateResource, localText, type Row, useCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { tenantEntity } from '../index';
import { DatasourceDialog } from './DatasourceDialog';
import { usePluginCatalogue } from './plugins';
import { SettingsDialog } from './SettingsDialog';
import './tenant.css';

/** `yyyy-MM-dd HH:mm:ss` (the server's wall clock) is in the past. */
function isPast(value: string): boolean {
  const time = new Date(value.replace(' ', 'T')).getTime();
  return !Number.isNaN(time) && time <= Date.now();
}

/**
 * /system/tenant: the kit's list screen for tenants (add provisions a ready tenant; its id is generated),
 * with 授权配置 for the selected tenants (quota, expiry, plugins) and a row's 数据源.
 */
const TenantPage = observer(function TenantPage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: tenantEntity });
  const catalogue = usePluginCatalogue();
  const [settings, setSettings] = useState<Row[] | null>(null);
  const [datasource, setDatasource] = useState<Row | null>(null);
  const canSet = useCan('tenant_setting').can;
  const canBind = useCan('tenant_datasource').can;

  const pluginNames = (value: unknown) => {
    const text = String(value ?? '');
    if (text === '*') return t('tenant.allPluginsShort');
    if (text === '') return t('tenant.noPlugins');
    return text
      .split(',')
      .map((id) => {
        const found = catalogue.items?.find((p) => p.id === id);
        return found ? localText(found.name) : id;
      })
      .join(t('tenant.listSeparator'));
  };

  return (
    <>
      <CrudPage
        entity={tenantEntity}
        list={list}
        table={{
          cells: {
            accountNumber: (value, _row, text) => (Number(value) === -1 ? t('tenant.unlimited') : text),
            expireTime: (value) => {
              const text = String(value ?? '');
              if (!text) return t('tenant.never');
              return isPast(text) ? (
                <Space size={4}>
                  {text}
                  <Tag size="small" color="red">
                    {t('tenant.expired')}
                  </Tag>
                </Space>
              ) : (
                text
              );
            },
            plugins: (value) => pluginNames(value),
          },
        }}
        bulk={canSet}
        toolbar={() =>
          canSet ? (
            <Button
              icon={<IconSettings />}
              onClick={() => {
                if (list.selectedRows.length === 0) Message.warning({ id: 'crud:select-one', content: t('crud.selectOne') });
                else setSettings(list.selectedRows);
              }}
            >
              {t('tenant.settings')}
            </Button>
          ) : null
        }
        extraActionsWidth={84}
        extraRowActions={
          canBind
            ? (row) => (
                <Button type="text" size="mini" icon={<IconStorage />} onClick={() => setDatasource(row)}>
                  {t('tenant.datasource')}
                </Button>
              )
            : undefined
        }
      />
      {/* Their writes change tenants: every view of them reads them again. */}
      {settings ? <SettingsDialog rows={settings} catalogue={catalogue} onClose={() => setSettings(null)} onSaved={() => void invalidateResource(tenantEntity)} /> : null}
      {datasource ? <DatasourceDialog row={datasource} onClose={() => setDatasource(null)} onSaved={() => void invalidateResource(tenantEntity)} /> : null}
    </>
  );
});

export default TenantPage;
