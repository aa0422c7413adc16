import { Button, Progress } from '@arco-design/web-react';
import { IconCheckCircleFill, IconClockCircle, IconClose, IconCloseCircleFill, IconMinusCircle } from '@arco-design/web-react/icon';
import { UploadProgressBar, useTranslation } from '../../../../core/sdk/browser';
import { isFinished, type UploadItem, type Uploads } from './uploads';

const ICON = {
  waiting: <IconClockCircle />,
  done: <IconCheckCircleFill />,
  refused: <IconCloseCircleFill />,
  cancelled: <IconMinusCircle />,
} as const;

/**
 * The files of the current uploads, each with where it is (waiting, how much of it is sent, uploaded,
 * refused and why, or cancelled) and, until it is through, a button that cancels it; above them a bar of
 * how far the whole choice is. Hidden when there are none; finished ones are dismissed.
 */
export function UploadQueue({ uploads }: { uploads: Uploads }) {
  const { t } = useTranslation();
  const { items, busy, cancel, dismiss } = uploads;
  if (items.length === 0) return null;
  const finished = items.filter(isFinished).length;
  // The whole choice moves with the file being sent, not only as each one ends.
  const sending = items.find((item) => item.state === 'uploading');
  const overall = Math.round(((finished + (sending ? sending.percent / 100 : 0)) / items.length) * 100);
  const stateText = (item: UploadItem) =>
    item.state === 'refused'
      ? (item.reason ?? t('card.album.uploadFailed'))
      : item.state === 'cancelled'
        ? t('crud.uploadCancelled')
        : t(item.state === 'waiting' ? 'card.album.uploadWaiting' : 'card.album.uploadDone');
  return (
    <div className="ba-album-uploads" data-testid="album-uploads">
      <div className="ba-album-uploads-head">
        <Progress
          percent={overall}
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
      <ul>
        {items.map((item) =>
          item.state === 'uploading' ? (
            <li key={item.id} className="ba-album-upload is-uploading">
              <UploadProgressBar name={item.name} percent={item.percent} onCancel={() => cancel(item.id)} />
            </li>
          ) : (
            <li key={item.id} className={`ba-album-upload is-${item.state}`}>
              <span className="ba-album-upload-icon" aria-hidden="true">
                {ICON[item.state]}
              </span>
              <span className="ba-album-upload-name" title={item.name}>
                {item.name}
              </span>
              <span className="ba-album-upload-state" aria-live="polite">
                {stateText(item)}
              </span>
              {item.state === 'waiting' ? (
                <Button type="text" size="mini" icon={<IconClose />} aria-label={t('crud.uploadCancelOf', { name: item.name })} title={t('crud.uploadCancelOf', { name: item.name })} onClick={() => cancel(item.id)} />
              ) : null}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
