import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Button, Radio, Space, Tag } from '@arco-design/web-react';
import { IconBug, IconFile } from '@arco-design/web-react/icon';
import { CrudPage, type Row, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { apiLogEntity } from '../entities';
import { CodeBlock, DetailLines, LogDrawer, RequestIdLine } from './LogDrawer';
import { errorsOfRequest } from './links';
import { Duration, StatusTag, TenantPicker, useAddressValue, useLogTenant } from './parts';
import './log.css';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The status classes of the toolbar, as the list's filters. */
const STATUS_CLASSES: Record<string, Record<string, number>> = {
  ok: { status_ge: 200, status_lt: 300 },
  client: { status_ge: 400, status_lt: 500 },
  server: { status_ge: 500 },
  errors: { status_ge: 400 },
};

function ApiCall({ row, tenantId, leave }: { row: Row; tenantId: string; leave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestId = text(row.requestId);
  return (
    <>
      <div className="ba-log-head">
        <Tag size="small" bordered>
          {text(row.method)}
        </Tag>
        <code className="ba-log-uri">{text(row.requestUri)}</code>
        <StatusTag status={row.status} />
        <Duration ms={row.time} />
      </div>
      {Number(row.status) >= 500 && requestId ? (
        <Button size="small" status="danger" icon={<IconBug />} onClick={() => {
            leave();
            void navigate(errorsOfRequest(requestId, tenantId));
          }} data-testid="log-to-errors">
          {t('log.toErrors')}
        </Button>
      ) : null}
      <DetailLines
        entity={apiLogEntity}
        row={row}
        lines={[{ field: 'requestId', value: <RequestIdLine row={row} /> }, 'route', 'createBy', 'userId', 'remoteIp', 'createTime', 'userAgent', 'serviceId', 'serverHost']}
      />
      <CodeBlock title={t('log.params')} value={text(row.params)} empty={t('log.noParams')} json testId="log-params" />
    </>
  );
}

/**
 * /monitor/log/api: every call of the API, newest first: search by request id, address, method, account
 * and time, a status class in the toolbar (errors only: ≥ 400), the super administrator's tenant; the
 * status as a coloured tag, the duration right-aligned; a call's detail in a drawer with its parameters
 * as indented JSON and, for a failure, the way to its errors.
 */
const ApiLogPage = observer(function ApiLogPage() {
  const { t } = useTranslation();
  const { tenantId, setTenantId, params: tenantParams } = useLogTenant();
  const [statusClass, setStatusClass] = useAddressValue('log.status');
  const list = useCrudList({ entity: apiLogEntity, params: { ...tenantParams, ...STATUS_CLASSES[statusClass] } });
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const open = (row: Row) => row.id && setDetailOf(String(row.id));
  return (
    <div className="ba-log-page">
      <CrudPage
        entity={apiLogEntity}
        list={list}
        rowActions={[]}
        table={{
          cells: {
            requestUri: (value, row) => (
              <button type="button" className="ba-log-link" onClick={() => open(row)}>
                {text(value)}
              </button>
            ),
            requestId: (value) => <code className="ba-log-id">{text(value)}</code>,
            status: (value) => <StatusTag status={value} />,
            time: (value) => <Duration ms={value} />,
          },
        }}
        extraRowActions={(row) => (
          <Button type="text" size="mini" icon={<IconFile />} onClick={() => open(row)} data-testid="log-open">
            {t('log.detail')}
          </Button>
        )}
        toolbar={() => (
          <Space size={12} wrap>
            <Radio.Group type="button" size="small" value={statusClass || 'all'} onChange={(value: string) => setStatusClass(value === 'all' ? '' : value)} aria-label={t('log.status.all')}>
              {['all', 'ok', 'client', 'server', 'errors'].map((key) => (
                <Radio key={key} value={key} data-testid={`log-status-${key}`}>
                  {t(`log.status.${key}`)}
                </Radio>
              ))}
            </Radio.Group>
            <TenantPicker tenantId={tenantId} onChange={setTenantId} />
          </Space>
        )}
      />
      <LogDrawer entity={apiLogEntity} title={t('log.drawerTitle.api')} id={detailOf} tenantId={tenantId} onClose={() => setDetailOf(null)}>
        {(row, close) => <ApiCall row={row} tenantId={tenantId} leave={close} />}
      </LogDrawer>
    </div>
  );
});

export default ApiLogPage;
