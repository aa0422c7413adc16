import { Button, Tag } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { CrudPage, ImageThumb, useCan, useTranslation } from '../../../core/sdk/browser';
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
  const mayUpload = useCan('attach').can;
  return (
    <CrudPage
      entity={attachEntity}
      toolbar={() => (mayUpload ? <UploadButton /> : null)}
      extraActionsWidth={72}
      extraRowActions={(row) => (
        <Button type="text" size="mini" icon={<IconDownload />} href={String(row.link ?? '')} target="_self" download={String(row.originalName ?? '')} aria-label={`${t('resource.attach.download')} ${String(row.originalName ?? '')}`}>
          {t('resource.attach.download')}
        </Button>
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
