import { observer } from 'mobx-react-lite';
import { Button, Radio } from '@arco-design/web-react';
import { IconBug, IconLink } from '@arco-design/web-react/icon';
import { useCan, useTranslation } from '../../../core/sdk/browser';
import { BROWSER_SERVICE, errorLogEntity } from '../entities';
import { TEST_ERROR_BUTTON } from '../index';
import { CodeBlock, DetailLines, OtherLogButton, RequestIdLine } from './LogDrawer';
import { LogListPage, type LogEntryProps, type LogToolbarContext } from './LogListPage';
import { callOfRequest } from './links';
import { SourceTag, textOf, useAddressValue } from './parts';
import { useTestError } from './useTestError';

/** The origin choice of the toolbar, as the list's filters. */
const ORIGINS: Record<string, Record<string, string>> = {
  server: { serviceId_notequal: BROWSER_SERVICE },
  browser: { serviceId_equal: BROWSER_SERVICE },
};

function ErrorEntry({ row, tenantId, leave }: LogEntryProps) {
  const { t } = useTranslation();
  const requestId = textOf(row.requestId);
  return (
    <>
      <div className="ba-log-head">
        <SourceTag serviceId={row.serviceId} />
        <strong className="ba-log-exception">{textOf(row.exceptionName) || '-'}</strong>
      </div>
      <p className="ba-log-message">{textOf(row.message)}</p>
      {requestId ? (
        <OtherLogButton to={callOfRequest(requestId, tenantId)} leave={leave} icon={<IconLink />} testId="log-to-request">
          {t('log.toRequest')}
        </OtherLogButton>
      ) : null}
      <CodeBlock title={t('log.stack')} value={textOf(row.stackTrace)} empty={t('log.noStack')} testId="log-stack" />
      <DetailLines
        entity={errorLogEntity}
        row={row}
        lines={[{ field: 'requestId', value: <RequestIdLine row={row} /> }, 'method', 'requestUri', 'createBy', 'userId', 'remoteIp', 'createTime', 'fileName', { field: 'lineNumber', value: Number(row.lineNumber) > 0 ? String(row.lineNumber) : '-' }, 'info', 'userAgent', 'serverHost']}
      />
      {textOf(row.params) ? <CodeBlock title={t('log.params')} value={textOf(row.params)} empty={t('log.noParams')} json /> : null}
    </>
  );
}

/** 记录一条测试错误: the server fails on purpose, and the list shows the error once it is recorded. */
function TestErrorButton({ list, tenantId, setTenantId }: LogToolbarContext) {
  const { t } = useTranslation();
  // The test error is recorded in the caller's own tenant: that is the list shown after it.
  const testError = useTestError(async () => {
    if (tenantId) setTenantId('');
    await list.reload();
  });
  return (
    <Button status="warning" icon={<IconBug />} loading={testError.running} onClick={() => void testError.run()} data-testid="log-test-error">
      {t('log.testError')}
    </Button>
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
  const [origin, setOrigin] = useAddressValue('log.origin');
  const mayTest = useCan(TEST_ERROR_BUTTON).can;
  return (
    <LogListPage
      entity={errorLogEntity}
      linkField="exceptionName"
      params={ORIGINS[origin]}
      cells={{ serviceId: (value) => <SourceTag serviceId={value} /> }}
      // An array: the test error and the origin choice each spaced as its own control.
      toolbar={(ctx) => [
        mayTest ? <TestErrorButton key="test" {...ctx} /> : null,
        <Radio.Group key="origin" type="button" size="small" value={origin || 'all'} onChange={(value: string) => setOrigin(value === 'all' ? '' : value)} aria-label={t('log.origin.all')}>
          {['all', 'server', 'browser'].map((key) => (
            <Radio key={key} value={key} data-testid={`log-origin-${key}`}>
              {t(`log.origin.${key}`)}
            </Radio>
          ))}
        </Radio.Group>,
      ]}
      drawerTitle={t('log.drawerTitle.error')}
      detail={ErrorEntry}
    />
  );
});

export default ErrorLogPage;
