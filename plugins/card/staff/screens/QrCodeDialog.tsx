import { useEffect, useState } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconCopy, IconDownload } from '@arco-design/web-react/icon';
import { http, RecordDialog, saveBlob, useRecordDialog, useTranslation } from '../../../../core/sdk/browser';
import { copyText } from './copy';

export interface QrCodeTarget {
  id: string;
  name: string;
  cardUrl: string;
}

/** The QR image as an object URL while the dialog shows it (a token-protected call: no plain <img src>). */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

function QrCodeBody({ target, onClose }: { target: QrCodeTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const fetchPng = () => http.download('GET', '/api/staff/info/qrcode', undefined, { params: { id: target.id } });
  const dialog = useRecordDialog<Blob>({ load: fetchPng, onClose });
  const src = useObjectUrl(dialog.data);
  const fileName = `${target.name}-${t('card.staff.qrcode')}.png`;
  return (
    <RecordDialog
      dialog={dialog}
      title={t('card.staff.qrTitle', { name: target.name })}
      width={440}
      className="card-staff-qr"
      footer={
        <>
          <Button onClick={onClose}>{t('crud.close')}</Button>
          <Button type="primary" icon={<IconDownload />} disabled={!dialog.data} onClick={() => dialog.data && saveBlob(dialog.data, fileName)}>
            {t('card.staff.download')}
          </Button>
        </>
      }
    >
      {() => (
        <div className="card-staff-qr-body">
          {src ? <img className="card-staff-qr-image" src={src} alt={t('card.staff.qrAlt', { name: target.name })} width={240} height={240} /> : null}
          <label className="card-staff-qr-label" htmlFor="card-staff-link">
            {t('card.staff.cardLink')}
          </label>
          <div className="card-staff-qr-link">
            <Input id="card-staff-link" readOnly value={target.cardUrl} onFocus={(event) => event.target.select()} />
            <Button icon={<IconCopy />} onClick={() => void copyText(target.cardUrl)} aria-label={t('card.staff.copy')}>
              {t('card.staff.copy')}
            </Button>
          </div>
        </div>
      )}
    </RecordDialog>
  );
}

/** 名片二维码: the card's QR code (made by the server), its link with a copy button, and a download. */
export function QrCodeDialog({ target, onClose }: { target: QrCodeTarget | null; onClose: () => void }) {
  return target ? <QrCodeBody target={target} onClose={onClose} /> : null;
}
