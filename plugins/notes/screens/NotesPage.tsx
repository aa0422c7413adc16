import { useState } from 'react';
import { Switch, Tag } from '@arco-design/web-react';
import { CrudPage, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { noteEntity } from '../index';

/**
 * /system/note: the kit's list screen for the entity, with two touches of its own: pinned notes are
 * tagged, and a "pinned only" switch in the toolbar adds `pinned_equal=1` to every list call.
 */
export default function NotesPage() {
  const { t } = useTranslation();
  const [pinnedOnly, setPinnedOnly] = useState(false);
  const list = useCrudList({ entity: noteEntity, params: pinnedOnly ? { pinned_equal: 1 } : undefined });
  return (
    <CrudPage
      entity={noteEntity}
      list={list}
      table={{ cells: { pinned: (value, _row, text) => (value === 1 ? <Tag color="orangered">{text}</Tag> : text) } }}
      toolbar={() => (
        <label className="notes-pinned-only">
          <Switch size="small" checked={pinnedOnly} onChange={setPinnedOnly} aria-label={t('notes.pinnedOnly')} /> {t('notes.pinnedOnly')}
        </label>
      )}
    />
  );
}
