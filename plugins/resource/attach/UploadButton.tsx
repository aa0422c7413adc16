import { useRef, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { http, invalidateResource, isUploadCancelled, toastError, toastSuccess, UploadProgressBar, useTranslation } from '../../../core/sdk/browser';
import { ATTACH_ACCEPT, ATTACH_MAX_BYTES, attachEntity, PUT_FILE_ATTACH_URL } from './entity';

interface Sending {
  name: string;
  percent: number;
  cancel: AbortController;
}

/**
 * 上传: picks a file, sends it to put-file-attach with a progress bar (how much is sent, then "processing"
 * while the server checks and stores it, and a cancel button), then reloads the list. A file over the
 * limit is refused before it is sent; the server's refusal (its type, its size) is shown as it says it.
 */
export function UploadButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending | null>(null);

  const send = async (file: File) => {
    if (file.size > ATTACH_MAX_BYTES) {
      toastError(t('resource.attach.tooLarge'));
      return;
    }
    const cancel = new AbortController();
    setSending({ name: file.name, percent: 0, cancel });
    try {
      await http.uploadFile(PUT_FILE_ATTACH_URL, file, {
        silent: true,
        signal: cancel.signal,
        onProgress: ({ percent }) => setSending((s) => (s && s.cancel === cancel ? { ...s, percent } : s)),
      });
      toastSuccess(t('resource.attach.uploaded', { name: file.name }));
      await invalidateResource(attachEntity);
    } catch (error) {
      if (!isUploadCancelled(error)) toastError(error instanceof Error && error.message ? error.message : t('crud.uploadFailed'));
    } finally {
      setSending((s) => (s && s.cancel === cancel ? null : s));
    }
  };

  return (
    <span className="resource-attach-upload">
      <input
        ref={input}
        type="file"
        accept={ATTACH_ACCEPT}
        hidden
        data-testid="attach-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again
          if (file) void send(file);
        }}
      />
      <Button type="primary" icon={<IconUpload />} disabled={sending !== null} title={t('resource.attach.uploadHint')} onClick={() => input.current?.click()}>
        {t('resource.attach.upload')}
      </Button>
      {sending ? <UploadProgressBar name={sending.name} percent={sending.percent} onCancel={() => sending.cancel.abort()} /> : null}
    </span>
  );
}
