import { observer } from 'mobx-react-lite';
import { Radio, Tag } from '@arco-design/web-react';
import { IconBug } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../core/sdk/browser';
import { apiLogEntity } from '../entities';
import { CodeBlock, DetailLines, OtherLogButton, RequestIdLine } from './LogDrawer';
import { LogListPage, type LogEntryProps } from './LogListPage';
import { errorsOfRequest } from './links';
import { Duration, StatusTag, textOf, useAddressValue } from './parts';

/** The status classes of the toolbar, as the list's filters. */
const STATUS_CLASSES: Record<string, Record<string, number>> = {
  ok: { status_ge: 200, status_lt: 300 },
  client: { status_ge: 400, status_lt: 500 },
  server: { status_ge: 500 },
  errors: { status_ge: 400 },
};

function ApiCall({ row, tenantId, leave }: LogEntryProps) {
  const { t } = useTranslation();
  const requestId = textOf(row.requestId);
  return (
    <>
      <div className="ba-log-head">
        <Tag size="small" bordered>
          {textOf(row.method)}
        </Tag>
        <code className="ba-log-uri">{textOf(row.requestUri)}</code>
        <StatusTag status={row.status} />
        <Duration ms={row.time} />
      </div>
      {Number(row.status) >= 500 && requestId ? (
        <OtherLogButton to={errorsOfRequest(requestId, tenantId)} leave={leave} icon={<IconBug />} danger testId="log-to-errors">
          {t('log.toErrors')}
        </OtherLogButton>
      ) : null}
      <DetailLines
        entity={apiLogEntity}
        row={row}
        lines={[{ field: 'requestId', value: <RequestIdLine row={row} /> }, 'route', 'createBy', 'userId', 'remoteIp', 'createTime', 'userAgent', 'serviceId', 'serverHost']}
      />
      <CodeBlock title={t('log.params')} value={textOf(row.params)} empty={t('log.noParams')} json testId="log-params" />
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
  const [statusClass, setStatusClass] = useAddressValue('log.status');
  return (
    <LogListPage
      entity={apiLogEntity}
      linkField="requestUri"
      params={STATUS_CLASSES[statusClass]}
      cells={{
        status: (value) => <StatusTag status={value} />,
        time: (value) => <Duration ms={value} />,
      }}
      toolbar={() => (
        <Radio.Group type="button" size="small" value={statusClass || 'all'} onChange={(value: string) => setStatusClass(value === 'all' ? '' : value)} aria-label={t('log.status.all')}>
          {['all', 'ok', 'client', 'server', 'errors'].map((key) => (
            <Radio key={key} value={key} data-testid={`log-status-${key}`}>
              {t(`log.status.${key}`)}
            </Radio>
          ))}
        </Radio.Group>
      )}
      drawerTitle={t('log.drawerTitle.api')}
      detail={ApiCall}
    />
  );
});

export default ApiLogPage;
