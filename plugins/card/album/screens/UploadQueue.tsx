import { Button, Progress } from '@arco-design/web-react';
import { IconCheckCircleFill, IconClockCircle, IconCloseCircleFill, IconLoading } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../../core/sdk/browser';
import type { UploadItem, Uploads } from './uploads';

const ICON = {
  waiting: <IconClockCircle />,
  uploading: <IconLoading />,
  done: <IconCheckCircleFill />,
  refused: <IconCloseCircleFill />,
} as const;

/**
 * The files of the current uploads, each with where it is (waiting, uploading, uploaded, or refused and
 * why), under a bar of how many are through. Hidden when there are none; finished ones are dismissed.
 */
export function UploadQueue({ uploads }: { uploads: Uploads }) {
  const { t } = useTranslation();
  const { items, busy, dismiss } = uploads;
  if (items.length === 0) return null;
  const finished = items.filter((item) => item.state === 'done' || item.state === 'refused').length;
  const stateText = (item: UploadItem) =>
    item.state === 'refused' ? (item.reason ?? t('card.album.uploadFailed')) : t(`card.album.upload${item.state === 'waiting' ? 'Waiting' : item.state === 'uploading' ? 'Running' : 'Done'}`);
  return (
    <div className="ba-album-uploads" data-testid="album-uploads">
      <div className="ba-album-uploads-head">
        <Progress
          percent={Math.round((finished / items.length) * 100)}
          size="small"
          status={busy ? 'normal' : items.some((item) => item.state === 'refused') ? 'warning' : 'success'}
          formatText={() =>
            busy
              ? t('card.album.uploading', { done: finished, total: items.length })
              : t('card.album.uploaded', { ok: items.filter((item) => item.state === 'done').length, total: items.length })
          }
        />
        {busy ? null : (
          <Button type="text" size="mini" onClick={dismiss}>
            {t('card.album.dismiss')}
          </Button>
        )}
      </div>
      <ul aria-live="polite">
        {items.map((item) => (
          <li key={item.id} className={`ba-album-upload is-${item.state}`}>
            <span className="ba-album-upload-icon" aria-hidden="true">
              {ICON[item.state]}
            </span>
            <span className="ba-album-upload-name" title={item.name}>
              {item.name}
            </span>
            <span className="ba-album-upload-state">{stateText(item)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
