import { useState } from 'react';
import { Avatar, Space, Tag } from '@arco-design/web-react';
import { CrudPage, localText, useTranslation, type TFunction } from '../../../core/sdk/browser';
import { VISIT_ACTIONS, visitEntity } from './index';

/** Tag colours of the sources, in the order of their values (1 shared link … 4 card exchange). */
const SOURCE_COLOURS: Record<number, string> = { 1: 'arcoblue', 2: 'green', 3: 'orange', 4: 'purple' };

/** A stay in seconds as people read it: 45秒, 1分20秒, 1小时5分. */
export function stayText(seconds: number, t: TFunction): string {
  if (!(seconds > 0)) return t('visit.records.staySeconds', { seconds: 0 });
  if (seconds < 60) return t('visit.records.staySeconds', { seconds });
  if (seconds < 3600) return t('visit.records.stay', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  return t('visit.records.stayHours', { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) });
}

/** A visitor's picture, or the first character of their name when there is none or it cannot be shown. */
function VisitorAvatar({ link, name }: { link: string; name: string }) {
  const [failed, setFailed] = useState(false);
  return <Avatar size={24}>{link && !failed ? <img src={link} alt="" onError={() => setFailed(true)} /> : name.slice(0, 1) || '?'}</Avatar>;
}

/**
 * /visit/info: the kit's read-only list of visits, each visitor with their picture, the source and what
 * they did as tags, the stay as a duration.
 */
export default function VisitRecordsPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={visitEntity}
      rowActions={['view']}
      table={{
        cells: {
          visitorNick: (value, row) => (
            <Space size={8}>
              <VisitorAvatar link={String(row.visitorAvatar ?? '')} name={String(value ?? '')} />
              {String(value ?? '')}
            </Space>
          ),
          source: (value, _row, text) => (text ? <Tag color={SOURCE_COLOURS[Number(value)] ?? 'gray'}>{text}</Tag> : null),
          actions: (value) => (
            <Space size={4} wrap>
              {VISIT_ACTIONS.filter((a) => String(value ?? '').split(',').includes(a.value)).map((a) => (
                <Tag key={a.value} size="small" bordered>
                  {localText(a.label)}
                </Tag>
              ))}
            </Space>
          ),
          staySeconds: (value) => stayText(Number(value), t),
        },
      }}
    />
  );
}

