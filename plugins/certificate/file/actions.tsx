import { useState } from 'react';
import { Button, Modal, Tooltip } from '@arco-design/web-react';
import { IconFilePdf, IconRefresh, IconStamp } from '@arco-design/web-react/icon';
import { http, toastSuccess, useGranted, useTranslation } from '../../../core/sdk/browser';
import { ORDER_CODE } from '../order/codes';
import { certificateIssuable } from './issuable';
import { PreviewModal } from './PreviewModal';

export const MAKE_URL = '/api/xh/certificate/order/updateA5CertificateFile';

/** The order fields the actions read, as the list answers them. */
export interface CertificateFileOrder {
  id?: string;
  payState?: unknown;
  amount?: unknown;
  refundAmount?: unknown;
  certificateNo?: unknown;
  certificateFile?: unknown;
}

const CODES = [ORDER_CODE.file, ORDER_CODE.view] as const;

/**
 * An order row's certificate file actions: 生成证书 (重新生成 once a file exists, after a confirmation;
 * with the `certificate_order_file` code, for an order paid and not wholly refunded) and 预览证书 (with the
 * view code, once a file exists). Making it is the long call (up to five minutes) and the button spins
 * meanwhile; a refusal is the server's message, shown by the HTTP layer. `onChanged` reloads the list.
 */
export function CertificateFileActions({ order, onChanged }: { order: CertificateFileOrder; onChanged?: () => void }) {
  const { t } = useTranslation();
  const can = useGranted(CODES);
  const [making, setMaking] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const id = order.id;
  const hasFile = typeof order.certificateFile === 'string' && order.certificateFile !== '';
  const certificateNo = typeof order.certificateNo === 'string' ? order.certificateNo : '';
  if (!id) return null;

  const make = async () => {
    setMaking(true);
    try {
      await http.get(MAKE_URL, { params: { id }, long: true });
      toastSuccess(t('certificate.file.generated'));
      onChanged?.();
    } catch {
      // the HTTP layer showed the server's reason
    } finally {
      setMaking(false);
    }
  };
  const askThenMake = () =>
    hasFile
      ? Modal.confirm({ title: t('certificate.file.regenerate'), content: t('certificate.file.regenerateConfirm'), okText: t('crud.confirm'), cancelText: t('crud.cancel'), onOk: make })
      : void make();

  const makeLabel = making ? t('certificate.file.generating') : hasFile ? t('certificate.file.regenerate') : t('certificate.file.generate');
  return (
    <>
      {can(ORDER_CODE.file) && certificateIssuable(order) ? (
        <Tooltip content={makeLabel} mini>
          <Button
            type="text"
            size="mini"
            icon={hasFile ? <IconRefresh /> : <IconStamp />}
            loading={making}
            aria-label={makeLabel}
            aria-busy={making}
            data-testid="certificate-file-make"
            onClick={askThenMake}
          />
        </Tooltip>
      ) : null}
      {can(ORDER_CODE.view) && hasFile ? (
        <Tooltip content={t('certificate.file.preview')} mini>
          <Button type="text" size="mini" icon={<IconFilePdf />} aria-label={t('certificate.file.preview')} data-testid="certificate-file-preview" onClick={() => setPreviewing(true)} />
        </Tooltip>
      ) : null}
      {previewing ? <PreviewModal orderId={id} certificateNo={certificateNo} onClose={() => setPreviewing(false)} /> : null}
    </>
  );
}
