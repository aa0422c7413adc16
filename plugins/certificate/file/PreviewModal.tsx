import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Space, Spin } from '@arco-design/web-react';
import { IconDownload, IconLaunch } from '@arco-design/web-react/icon';
import { http, saveBlob, useTranslation } from '../../../core/sdk/browser';
import type { LoadedPdf } from './pdf-page';
import './file.css';

export const FILE_URL = '/api/certificate/file/url';

type State = { kind: 'loading' } | { kind: 'ready'; blob: Blob; pages: number; fileName: string } | { kind: 'failed'; message: string };

/** Room the page may take: the dialog's width and the window's height, less the dialog's own parts. */
const pageBox = () => ({
  width: Math.max(240, Math.min(560, window.innerWidth - 96)),
  height: Math.max(320, window.innerHeight - 240),
});

/**
 * 预览证书: the order's certificate file, its first page drawn by pdf.js on a canvas sized to fit the
 * dialog, with 下载 (saved under the certificate number) and 打开 (the browser's own PDF viewer, in a new
 * tab); a spinner while it loads, the reason and 重试 when it fails.
 */
export function PreviewModal({ orderId, certificateNo, onClose }: { orderId: string; certificateNo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let pdf: LoadedPdf | null = null;
    setState({ kind: 'loading' });
    (async () => {
      try {
        const { data } = await http.get<{ link: string; certificateNo: string }>(FILE_URL, { params: { id: orderId }, silent: true });
        const blob = await http.download('GET', data.link, undefined, { silent: true });
        const file = new Blob([blob], { type: 'application/pdf' });
        // pdf.js hands its bytes over to its worker (they are gone from here after): a copy of their own.
        const bytes = new Uint8Array(await file.arrayBuffer());
        const { loadPdf } = await import('./pdf-page');
        if (cancelled) return;
        pdf = await loadPdf(bytes);
        if (cancelled || !canvas.current) return;
        const box = pageBox();
        await pdf.drawFirstPage(canvas.current, box.width, box.height);
        if (!cancelled) setState({ kind: 'ready', blob: file, pages: pdf.pages, fileName: `${data.certificateNo || certificateNo || 'certificate'}.pdf` });
      } catch (error) {
        if (!cancelled) setState({ kind: 'failed', message: error instanceof Error && error.message ? error.message : t('certificate.file.failed') });
      }
    })();
    return () => {
      cancelled = true;
      pdf?.destroy();
    };
  }, [orderId, certificateNo, attempt, t]);

  const open = useCallback(() => {
    if (state.kind !== 'ready') return;
    const url = URL.createObjectURL(state.blob);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }, [state]);

  const ready = state.kind === 'ready';
  return (
    <Modal
      visible
      title={t('certificate.file.previewTitle', { no: certificateNo })}
      onCancel={onClose}
      style={{ width: 'auto', maxWidth: 'calc(100vw - 32px)' }}
      unmountOnExit
      footer={
        <Space>
          <Button icon={<IconDownload />} disabled={!ready} onClick={() => ready && saveBlob(state.blob, state.fileName)}>
            {t('certificate.file.download')}
          </Button>
          <Button icon={<IconLaunch />} disabled={!ready} onClick={open}>
            {t('certificate.file.open')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('certificate.file.close')}
          </Button>
        </Space>
      }
    >
      <div className="cert-file-preview" data-testid="certificate-preview" aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' ? (
          <div className="cert-file-preview__status">
            <Spin tip={t('certificate.file.loading')} />
          </div>
        ) : null}
        {state.kind === 'failed' ? (
          <div className="cert-file-preview__status" role="alert">
            <p>{t('certificate.file.failed')}</p>
            {state.message !== t('certificate.file.failed') ? <p className="cert-file-preview__detail">{state.message}</p> : null}
            <Button onClick={() => setAttempt((n) => n + 1)}>{t('certificate.file.retry')}</Button>
          </div>
        ) : null}
        {/* Drawn while loading (hidden), so its size is known when it shows. */}
        <canvas ref={canvas} role="img" aria-label={t('certificate.file.canvasLabel')} hidden={!ready} className="cert-file-preview__page" />
        {ready && state.pages > 1 ? <p className="cert-file-preview__pages">{t('certificate.file.pageOf', { pages: state.pages })}</p> : null}
      </div>
    </Modal>
  );
}
