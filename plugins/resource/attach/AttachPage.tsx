import { Link, Tag } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { CrudPage, ImageThumb, useTranslation } from '../../../core/sdk/browser';
import { attachEntity } from './entity';
import { humanSize } from './humanSize';
import { UploadButton } from './UploadButton';
import './attach.css';

/**
 * /resource/attach: every file the tenant's uploads kept. A picture shows its thumbnail, a document its
 * extension; the size reads as people read it; 下载 saves the file under its original name; 上传 sends a
 * new one with a progress bar. Renaming changes the original name only.
 */
export default function AttachPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={attachEntity}
      // Any member may upload (put-file-attach); whoever sees this screen may use it.
      toolbar={() => <UploadButton />}
      extraActionsWidth={72}
      extraRowActions={(row) => (
        // A plain link, so that the browser saves the file under its original name (`download`).
        <Link className="resource-attach-download" href={String(row.link ?? '')} download={String(row.originalName ?? '')} aria-label={`${t('resource.attach.download')} ${String(row.originalName ?? '')}`}>
          <IconDownload />
          {t('resource.attach.download')}
        </Link>
      )}
      table={{
        cells: {
          link: (value, row) =>
            String(row.contentType ?? '').startsWith('image/') && value ? (
              <ImageThumb src={String(value)} label={String(row.originalName ?? '')} />
            ) : (
              <Tag size="small">{String(row.extension ?? '').toUpperCase() || t('resource.attach.noPreview')}</Tag>
            ),
          attachSize: (value) => <span className="resource-attach-size">{humanSize(Number(value ?? 0))}</span>,
        },
      }}
    />
  );
}
