import { Button, Progress } from '@arco-design/web-react';
import { IconClose } from '@arco-design/web-react/icon';
import { useTranslation } from '../../i18n';
import '../locales';
import './controls.css';

export interface UploadProgressBarProps {
  /** What is going up (a file's name): named in the bar's group and its cancel button. */
  name: string;
  /** 0..100 of the file sent; at 100 the server is still reading it ("processing"). */
  percent: number;
  /** Absent: the upload cannot be cancelled here. */
  onCancel?: () => void;
  /** A circle for a 104 px picture tile; a line otherwise. */
  circle?: boolean;
}

/**
 * One upload under way: how much of the file is sent (an Arco Progress with its percent), then that the
 * server is processing it, and a button that cancels it (a real button, so Tab and Enter reach it).
 */
export function UploadProgressBar({ name, percent, onCancel, circle = false }: UploadProgressBarProps) {
  const { t } = useTranslation();
  const sent = percent >= 100;
  const state = sent ? t('crud.uploadProcessing') : t('crud.uploadSent', { percent });
  const cancel = onCancel ? (
    <Button type="text" size="mini" icon={circle ? undefined : <IconClose />} aria-label={t('crud.uploadCancelOf', { name })} title={t('crud.uploadCancelOf', { name })} onClick={onCancel}>
      {circle ? t('crud.uploadCancel') : null}
    </Button>
  ) : null;
  return (
    <div className={circle ? 'ba-upload-progress is-circle' : 'ba-upload-progress'} role="group" aria-label={name} data-percent={percent}>
      {circle ? null : (
        <span className="ba-upload-progress-name" title={name}>
          {name}
        </span>
      )}
      <Progress
        type={circle ? 'circle' : 'line'}
        size="small"
        percent={percent}
        status="normal"
        animation={sent}
        formatText={() => (circle ? `${percent}%` : state)}
      />
      {circle ? <span className="ba-upload-progress-state">{sent ? t('crud.uploadProcessing') : null}</span> : null}
      {cancel}
      <span className="ba-upload-progress-live" aria-live="polite">
        {sent ? state : ''}
      </span>
    </div>
  );
}
