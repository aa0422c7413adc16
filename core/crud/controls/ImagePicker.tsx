import { useEffect, useRef, useState } from 'react';
import { Upload } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from '../../i18n';
import { UploadProgressBar } from './UploadProgressBar';
import { useUploadFocus } from './useUploadFocus';
import { IMAGE_ACCEPT, isUploadCancelled, uploadImage } from './upload';
import '../locales';
import './controls.css';

const one = () => 1;

export interface ImagePickerProps {
  /** Each uploaded picture's link, in the order the files were chosen. */
  onUploaded: (link: string) => void;
  /** Several files at once (a wall). */
  multiple?: boolean;
  /**
   * How many more the value may take now (files beyond it are refused with a message naming `max`). Asked
   * at each file: uploads end one by one, each growing the value before the next is counted.
   */
  room?: () => number;
  /** The most pictures the value holds. */
  max?: number;
  disabled?: boolean;
  /** What is uploaded (the button's name). */
  label: string;
  /** Told why a file was refused (null when a new one goes up); absent: the picker shows it below itself. */
  onError?: (message: string | null) => void;
}

/** The files of one choice: how many, how many are through, how far the current one is. */
interface Run {
  total: number;
  finished: number;
  name: string;
  percent: number;
}

/**
 * The 104 px "add a picture" tile (Arco's Upload, the picture-card look): uploads through the app's client;
 * while a file goes up the tile shows how much of it is sent and a button that cancels the uploads of that
 * choice; it shows why a file was refused (its type or size, in the server's words).
 */
export function ImagePicker({ onUploaded, multiple = false, room = one, max, disabled = false, label, onError }: ImagePickerProps) {
  const { t } = useTranslation();
  const [run, setRun] = useState<Run | null>(null);
  const [ownError, setOwnError] = useState<string | null>(null);
  const setError = onError ?? setOwnError;
  const error = onError ? null : ownError;
  const root = useRef<HTMLDivElement>(null);
  // Files of one choice go up one after the other, so their links arrive in the order chosen; those
  // under way count against the room (the value grows only as each arrives). One controller cancels them
  // all; the next choice gets a new one.
  const queue = useRef({ last: Promise.resolve(), inFlight: 0, controller: null as AbortController | null });
  // A form closed mid-upload stops sending.
  useEffect(() => () => queue.current.controller?.abort(), []);

  const upload = (file: File) => {
    const q = queue.current;
    if (q.inFlight >= room()) {
      setError(t('crud.imagesTooMany', { max: max ?? 1 }));
      return;
    }
    q.inFlight += 1;
    q.controller ??= new AbortController();
    const { signal } = q.controller;
    setError(null);
    setRun((now) => (now ? { ...now, total: now.total + 1 } : { total: 1, finished: 0, name: file.name, percent: 0 }));
    const send = async () => {
      if (signal.aborted) return;
      setRun((now) => now && { ...now, name: file.name, percent: 0 });
      try {
        onUploaded(await uploadImage(file, { signal, onProgress: ({ percent }) => setRun((now) => now && { ...now, percent }) }));
      } catch (reason) {
        if (!isUploadCancelled(reason)) setError(reason instanceof Error ? reason.message : t('crud.uploadFailed'));
      }
    };
    q.last = q.last.then(send).finally(() => {
      q.inFlight -= 1;
      if (q.inFlight === 0) q.controller = null;
      setRun((now) => (q.inFlight === 0 || !now ? null : { ...now, finished: now.finished + 1 }));
    });
  };

  // The keyboard's focus follows the tile: onto the cancel button when an upload starts from the picker.
  const busy = run !== null;
  useUploadFocus(root, busy, '.ba-image-add');

  return (
    <div className="ba-image-picker" ref={root}>
      {run ? (
        <div className="ba-image-tile ba-image-uploading" aria-busy="true">
          <UploadProgressBar circle name={run.name} percent={run.percent} onCancel={() => queue.current.controller?.abort()} />
          {run.total > 1 ? <span className="ba-image-nth">{t('crud.uploadNth', { n: Math.min(run.finished + 1, run.total), total: run.total })}</span> : null}
        </div>
      ) : null}
      {/* Kept mounted (hidden) while busy: Arco's Upload calls customRequest for each file of a choice. */}
      <div hidden={busy}>
        <Upload accept={{ type: IMAGE_ACCEPT, strict: false }} multiple={multiple} showUploadList={false} disabled={disabled || busy} customRequest={({ file }) => upload(file)}>
          <button type="button" className="ba-image-tile ba-image-add" disabled={disabled || busy} aria-label={t('crud.imageUpload', { label })}>
            <IconPlus />
            <span>{t('crud.imageUploadShort')}</span>
          </button>
        </Upload>
      </div>
      {error ? (
        <div className="ba-image-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
