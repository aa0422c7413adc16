import { useRef, useState } from 'react';
import { Upload } from '@arco-design/web-react';
import { IconLoading, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from '../../i18n';
import { IMAGE_ACCEPT, uploadImage } from './upload';
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

/**
 * The 104 px "add a picture" tile (Arco's Upload, the picture-card look): uploads through the app's client,
 * says it is busy while a file goes up, and shows why a file was refused (its type or size, in the
 * server's words).
 */
export function ImagePicker({ onUploaded, multiple = false, room = one, max, disabled = false, label, onError }: ImagePickerProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(0);
  const [ownError, setOwnError] = useState<string | null>(null);
  const setError = onError ?? setOwnError;
  const error = onError ? null : ownError;
  // Files of one choice go up one after the other, so their links arrive in the order chosen; those
  // under way count against the room (the value grows only as each arrives).
  const queue = useRef({ last: Promise.resolve(), inFlight: 0 });

  const upload = (file: File) => {
    const q = queue.current;
    if (q.inFlight >= room()) {
      setError(t('crud.imagesTooMany', { max: max ?? 1 }));
      return;
    }
    q.inFlight += 1;
    setError(null);
    setBusy((n) => n + 1);
    q.last = q.last.then(() =>
      uploadImage(file)
        .then(onUploaded, (reason: Error) => setError(reason.message))
        .finally(() => {
          q.inFlight -= 1;
          setBusy((n) => n - 1);
        }),
    );
  };

  return (
    <div className="ba-image-picker">
      <Upload
        accept={{ type: IMAGE_ACCEPT, strict: false }}
        multiple={multiple}
        showUploadList={false}
        disabled={disabled || busy > 0}
        customRequest={({ file }) => upload(file)}
      >
        <button type="button" className="ba-image-tile ba-image-add" disabled={disabled || busy > 0} aria-busy={busy > 0} aria-label={t('crud.imageUpload', { label })}>
          {busy > 0 ? <IconLoading /> : <IconPlus />}
          <span>{busy > 0 ? t('crud.imageUploading') : t('crud.imageUploadShort')}</span>
        </button>
      </Upload>
      {error ? (
        <div className="ba-image-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
