import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Button, Radio, Space } from '@arco-design/web-react';
import { IconBug, IconFile, IconLink } from '@arco-design/web-react/icon';
import { CrudPage, type Row, useCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { BROWSER_SERVICE, errorLogEntity } from '../entities';
import { TEST_ERROR_BUTTON } from '../index';
import { CodeBlock, DetailLines, LogDrawer, RequestIdLine } from './LogDrawer';
import { callOfRequest } from './links';
import { SourceTag, TenantPicker, useAddressValue, useLogTenant } from './parts';
import { useTestError } from './useTestError';
import './log.css';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The origin choice of the toolbar, as the list's filters. */
const ORIGINS: Record<string, Record<string, string>> = {
  server: { serviceId_notequal: BROWSER_SERVICE },
  browser: { serviceId_equal: BROWSER_SERVICE },
};

function ErrorEntry({ row, tenantId, leave }: { row: Row; tenantId: string; leave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestId = text(row.requestId);
  return (
    <>
      <div className="ba-log-head">
        <SourceTag serviceId={row.serviceId} />
        <strong className="ba-log-exception">{text(row.exceptionName) || '-'}</strong>
      </div>
      <p className="ba-log-message">{text(row.message)}</p>
      {requestId ? (
        <Button size="small" icon={<IconLink />} onClick={() => {
            leave();
            void navigate(callOfRequest(requestId, tenantId));
          }} data-testid="log-to-request">
          {t('log.toRequest')}
        </Button>
      ) : null}
      <CodeBlock title={t('log.stack')} value={text(row.stackTrace)} empty={t('log.noStack')} testId="log-stack" />
      <DetailLines
        entity={errorLogEntity}
        row={row}
        lines={[{ field: 'requestId', value: <RequestIdLine row={row} /> }, 'method', 'requestUri', 'createBy', 'userId', 'remoteIp', 'createTime', 'fileName', { field: 'lineNumber', value: Number(row.lineNumber) > 0 ? String(row.lineNumber) : '-' }, 'info', 'userAgent', 'serverHost']}
      />
      {text(row.params) ? <CodeBlock title={t('log.params')} value={text(row.params)} empty={t('log.noParams')} json /> : null}
    </>
  );
}

/**
 * /monitor/log/error: the server's failures and the errors browsers uploaded, newest first, told apart by a
 * tag (and a toolbar choice); search by request id, exception, address, account and time; an error's stack
 * in a monospace block to copy, and the way to its API call. 记录一条测试错误 makes the server fail on
 * purpose, and the list shows the error once it is recorded.
 */
const ErrorLogPage = observer(function ErrorLogPage() {
  const { t } = useTranslation();
  const { tenantId, setTenantId, params: tenantParams } = useLogTenant();
  const [origin, setOrigin] = useAddressValue('log.origin');
  const list = useCrudList({ entity: errorLogEntity, params: { ...tenantParams, ...ORIGINS[origin] } });
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const mayTest = useCan(TEST_ERROR_BUTTON).can;
  // The test error is recorded in the caller's own tenant: that is the list shown after it.
  const testError = useTestError(async () => {
    if (tenantId) setTenantId('');
    await list.reload();
  });
  const open = (row: Row) => row.id && setDetailOf(String(row.id));
  return (
    <div className="ba-log-page">
      <CrudPage
        entity={errorLogEntity}
        list={list}
        rowActions={[]}
        table={{
          cells: {
            exceptionName: (value, row) => (
              <button type="button" className="ba-log-link" onClick={() => open(row)}>
                {text(value) || '-'}
              </button>
            ),
            requestId: (value) => <code className="ba-log-id">{text(value)}</code>,
            serviceId: (value) => <SourceTag serviceId={value} />,
          },
        }}
        extraRowActions={(row) => (
          <Button type="text" size="mini" icon={<IconFile />} onClick={() => open(row)} data-testid="log-open">
            {t('log.detail')}
          </Button>
        )}
        toolbar={() => (
          <Space size={12} wrap>
            {mayTest ? (
              <Button status="warning" icon={<IconBug />} loading={testError.running} onClick={() => void testError.run()} data-testid="log-test-error">
                {t('log.testError')}
              </Button>
            ) : null}
            <Radio.Group type="button" size="small" value={origin || 'all'} onChange={(value: string) => setOrigin(value === 'all' ? '' : value)} aria-label={t('log.origin.all')}>
              {['all', 'server', 'browser'].map((key) => (
                <Radio key={key} value={key} data-testid={`log-origin-${key}`}>
                  {t(`log.origin.${key}`)}
                </Radio>
              ))}
            </Radio.Group>
            <TenantPicker tenantId={tenantId} onChange={setTenantId} />
          </Space>
        )}
      />
      <LogDrawer entity={errorLogEntity} title={t('log.drawerTitle.error')} id={detailOf} tenantId={tenantId} onClose={() => setDetailOf(null)}>
        {(row, close) => <ErrorEntry row={row} tenantId={tenantId} leave={close} />}
      </LogDrawer>
    </div>
  );
});

export default ErrorLogPage;
