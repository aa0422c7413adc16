import { useEffect, useState } from 'react';
import { Button, Modal, Spin, Tag } from '@arco-design/web-react';
import { RichTextView } from '../../crud/controls/RichTextView';
import { useTranslation } from '../../i18n';
import type { NoticeFeed, NoticeFeedDetail, NoticeFeedItem } from '../../plugin/types';
import '../locales/shellui';
import './topbar.css';
import './notice-feed.css';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; detail: NoticeFeedDetail };

/**
 * One notice opened from the popover: its title, category, release time and content (HTML the server
 * cleaned, rendered through the kit's allow-list, never as markup). While it loads, the item's own title
 * stands as the dialog's; a failure says so, with a retry.
 */
export function NoticeDetailDialog({ feed, item, onClose }: { feed: NoticeFeed; item: NoticeFeedItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const id = item?.id;

  useEffect(() => {
    if (!id) return;
    let current = true;
    setLoaded({ status: 'loading' });
    feed.open(id).then(
      (detail) => current && setLoaded({ status: 'ready', detail }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [feed, id, attempt]);

  const shown = loaded.status === 'ready' ? loaded.detail : item;
  return (
    <Modal
      visible={item !== null}
      title={shown?.title ?? ''}
      onCancel={onClose}
      className="ba-notice-detail"
      style={{ width: 'min(720px, calc(100vw - 32px))' }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('notice.close')}
        </Button>
      }
      unmountOnExit
    >
      {shown ? (
        <div className="ba-notice-meta">
          {shown.tag ? (
            <Tag size="small" color="arcoblue">
              {shown.tag}
            </Tag>
          ) : null}
          <span className="ba-notice-subtitle">{shown.time}</span>
        </div>
      ) : null}
      {loaded.status === 'loading' ? (
        <div className="ba-notice-state" role="status">
          <Spin size={16} /> {t('notice.loading')}
        </div>
      ) : loaded.status === 'failed' ? (
        <div className="ba-notice-state" role="alert">
          <span>{t('notice.openFailed')}</span>
          <Button size="mini" onClick={() => setAttempt((n) => n + 1)}>
            {t('notice.retry')}
          </Button>
        </div>
      ) : (
        <RichTextView html={loaded.detail.content} />
      )}
    </Modal>
  );
}

export default NoticeDetailDialog;
