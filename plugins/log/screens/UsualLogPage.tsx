import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Button, Space, Tag } from '@arco-design/web-react';
import { IconFile, IconLink } from '@arco-design/web-react/icon';
import { CrudPage, localText, type Row, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { LOG_LEVELS, usualLogEntity } from '../entities';
import { CodeBlock, DetailLines, LogDrawer, RequestIdLine } from './LogDrawer';
import { callOfRequest } from './links';
import { TenantPicker, useLogTenant } from './parts';
import './log.css';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function LevelTag({ level }: { level: unknown }) {
  const known = LOG_LEVELS.find((l) => l.value === level);
  if (!known) return text(level) ? <Tag size="small">{text(level)}</Tag> : null;
  return (
    <Tag size="small" color={known.color}>
      {localText(known.label)}
    </Tag>
  );
}

function UsualEntry({ row, tenantId, leave }: { row: Row; tenantId: string; leave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestId = text(row.requestId);
  return (
    <>
      <div className="ba-log-head">
        <LevelTag level={row.logLevel} />
        <code className="ba-log-uri">{text(row.logId)}</code>
      </div>
      {requestId ? (
        <Button size="small" icon={<IconLink />} onClick={() => {
            leave();
            void navigate(callOfRequest(requestId, tenantId));
          }} data-testid="log-to-request">
          {t('log.toRequest')}
        </Button>
      ) : null}
      <CodeBlock title={t('log.data')} value={text(row.logData)} empty="-" json testId="log-data" />
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
  const { tenantId, setTenantId, params } = useLogTenant();
  const list = useCrudList({ entity: usualLogEntity, params });
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const open = (row: Row) => row.id && setDetailOf(String(row.id));
  return (
    <div className="ba-log-page">
      <CrudPage
        entity={usualLogEntity}
        list={list}
        rowActions={[]}
        table={{
          cells: {
            logId: (value, row) => (
              <button type="button" className="ba-log-link" onClick={() => open(row)}>
                {text(value)}
              </button>
            ),
            logLevel: (value) => <LevelTag level={value} />,
            requestId: (value) => <code className="ba-log-id">{text(value)}</code>,
          },
        }}
        extraRowActions={(row) => (
          <Button type="text" size="mini" icon={<IconFile />} onClick={() => open(row)} data-testid="log-open">
            {t('log.detail')}
          </Button>
        )}
        toolbar={() => (
          <Space size={12} wrap>
            <TenantPicker tenantId={tenantId} onChange={setTenantId} />
          </Space>
        )}
      />
      <LogDrawer entity={usualLogEntity} title={t('log.drawerTitle.usual')} id={detailOf} tenantId={tenantId} onClose={() => setDetailOf(null)}>
        {(row, close) => <UsualEntry row={row} tenantId={tenantId} leave={close} />}
      </LogDrawer>
    </div>
  );
});

export default UsualLogPage;
