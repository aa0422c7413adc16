import { useState } from 'react';
import { Button, Tag } from '@arco-design/web-react';
import { IconFile, IconSafe } from '@arco-design/web-react/icon';
import { CrudPage, type FormMode, localText, useTranslation } from '../../../../core/sdk/browser';
import { GRANT_STATE_COLORS, GRANT_STATE_NAMES, type GrantState } from '../grant-states';
import { attachEntity } from '../index';
import { FileLinkInput } from './FileLinkInput';
import { type AttachRow, sizeText } from './grants';
import { GrantsDrawer } from './GrantsDrawer';
import './attach.css';

/** The four counts of a row, by state. */
const COUNTS: readonly [GrantState, keyof AttachRow][] = [
  [0, 'requestedCount'],
  [1, 'grantedCount'],
  [2, 'refusedCount'],
  [3, 'expiredCount'],
];

/** A row's grants as tags, a count per state (none: a dash). */
function GrantTags({ row }: { row: AttachRow }) {
  const tags = COUNTS.filter(([, key]) => Number(row[key] ?? 0) > 0);
  if (tags.length === 0) return <span className="ba-attach-muted">-</span>;
  return (
    <span className="ba-attach-counts">
      {tags.map(([state, key]) => (
        <Tag key={state} size="small" color={GRANT_STATE_COLORS[state]} data-state={state}>
          {localText(GRANT_STATE_NAMES[state])} {Number(row[key])}
        </Tag>
      ))}
    </span>
  );
}

/**
 * /visit/attach: the kit's list of attachments (the file uploaded in the dialog), each row with its
 * grants counted by state, and 授权 opening a drawer with the attachment's requests and grants.
 */
export default function AttachPage() {
  const { t } = useTranslation();
  const [grantsOf, setGrantsOf] = useState<AttachRow | null>(null);
  return (
    <>
      <CrudPage
        entity={attachEntity}
        table={{
          cells: {
            fileType: (value, _row, text) => (value ? <Tag size="small">{text}</Tag> : '-'),
            fileSize: (value) => (typeof value === 'number' ? sizeText(value) : '-'),
            fileLink: (value) =>
              value ? (
                <a href={String(value)} target="_blank" rel="noreferrer noopener" className="ba-attach-link">
                  <IconFile /> {t('visit.attach.download')}
                </a>
              ) : (
                '-'
              ),
            grantSummary: (_value, row) => <GrantTags row={row} />,
          },
        }}
        extraRowActions={(row) => (
          <Button type="text" size="mini" icon={<IconSafe />} onClick={() => setGrantsOf(row)} data-testid="attach-grants">
            {t('visit.attach.grants')}
          </Button>
        )}
        extraActionsWidth={80}
        dialog={{ form: (mode: FormMode) => (mode === 'view' ? {} : { controls: { fileLink: <FileLinkInput /> } }) }}
      />
      <GrantsDrawer attach={grantsOf} onClose={() => setGrantsOf(null)} />
    </>
  );
}
