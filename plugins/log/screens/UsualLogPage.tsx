import { observer } from 'mobx-react-lite';
import { Tag } from '@arco-design/web-react';
import { IconLink } from '@arco-design/web-react/icon';
import { localText, useTranslation } from '../../../core/sdk/browser';
import { LOG_LEVELS, usualLogEntity } from '../entities';
import { CodeBlock, DetailLines, OtherLogButton, RequestIdLine } from './LogDrawer';
import { LogListPage, type LogEntryProps } from './LogListPage';
import { callOfRequest } from './links';
import { textOf } from './parts';

function LevelTag({ level }: { level: unknown }) {
  const known = LOG_LEVELS.find((l) => l.value === level);
  if (!known) return textOf(level) ? <Tag size="small">{textOf(level)}</Tag> : null;
  return (
    <Tag size="small" color={known.color}>
      {localText(known.label)}
    </Tag>
  );
}

function UsualEntry({ row, tenantId, leave }: LogEntryProps) {
  const { t } = useTranslation();
  const requestId = textOf(row.requestId);
  return (
    <>
      <div className="ba-log-head">
        <LevelTag level={row.logLevel} />
        <code className="ba-log-uri">{textOf(row.logId)}</code>
      </div>
      {requestId ? (
        <OtherLogButton to={callOfRequest(requestId, tenantId)} leave={leave} icon={<IconLink />} testId="log-to-request">
          {t('log.toRequest')}
        </OtherLogButton>
      ) : null}
      <CodeBlock title={t('log.data')} value={textOf(row.logData)} empty="-" json testId="log-data" />
      <DetailLines
        entity={usualLogEntity}
        row={row}
        lines={[{ field: 'requestId', value: <RequestIdLine row={row} /> }, 'createBy', 'userId', 'remoteIp', 'createTime', 'method', 'requestUri', 'userAgent', 'serverHost']}
      />
    </>
  );
}

/**
 * /monitor/log/usual: the business events the plugins record (a password reset, a grant changed, a
 * refund, a plugin switched), newest first: search by event, level, account, request id and time; an
 * event's data as indented JSON in a drawer, with the way to the API call that made it.
 */
const UsualLogPage = observer(function UsualLogPage() {
  const { t } = useTranslation();
  return (
    <LogListPage
      entity={usualLogEntity}
      linkField="logId"
      cells={{ logLevel: (value) => <LevelTag level={value} /> }}
      drawerTitle={t('log.drawerTitle.usual')}
      detail={UsualEntry}
    />
  );
});

export default UsualLogPage;
