import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Badge, Button, Empty, Popover, Tabs, Tag } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { TopButton } from './TopButton';
import '../locales/shellui';
import {
  NOTICE_DELAY,
  NOTICE_PAGES,
  noticeKinds,
  sampleNotices,
  statusColors,
  type NoticeItem,
  type NoticeKind,
} from './notices';
import './topbar.css';

type Counts = Record<NoticeKind, number>;
const allKinds = <T,>(value: T): Record<NoticeKind, T> => ({ mail: value, message: value, notice: value });

/**
 * Bell with a badge of new items and a popover with mail / messages / notices, each tab titled with its
 * own new items, so the tabs add up to the badge. "Load more" fetches the
 * next page after the demo delay; "clear" empties a tab.
 */
export function NoticeButton() {
  const { t } = useTranslation();
  // Pages loaded per tab (0 = cleared). Items are rebuilt from these at render, in the current language.
  const [pages, setPages] = useState<Counts>(allKinds(1));
  const [loading, setLoading] = useState<NoticeKind | null>(null);
  const [tab, setTab] = useState<NoticeKind>('mail');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const itemsOf = (kind: NoticeKind): NoticeItem[] =>
    Array.from({ length: pages[kind] }, (_, page) => sampleNotices(kind, page, t)).flat();
  // One count, used by the badge and by each tab: the new items (the badge is their sum).
  const newCounts = Object.fromEntries(noticeKinds.map((kind) => [kind, itemsOf(kind).filter((i) => i.status === 0).length])) as Counts;
  const unread = noticeKinds.reduce((sum, kind) => sum + newCounts[kind], 0);

  const loadMore = (kind: NoticeKind) => {
    if (loading) return;
    setLoading(kind);
    timer.current = window.setTimeout(() => {
      setPages((p) => ({ ...p, [kind]: Math.min(p[kind] + 1, NOTICE_PAGES) }));
      setLoading(null);
    }, NOTICE_DELAY);
  };

  const panel = (kind: NoticeKind) => {
    const items = itemsOf(kind);
    if (items.length === 0) return <Empty description={t('notice.empty')} />;
    const more = pages[kind] < NOTICE_PAGES;
    return (
      <>
        <ul className="ba-notice-list" aria-busy={loading === kind} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.id} className="ba-notice-item">
              <img src={item.img} alt="" />
              <div className="ba-notice-text">
                <div className="ba-notice-title">{item.title}</div>
                <div className="ba-notice-subtitle">{item.subtitle}</div>
              </div>
              <Tag size="small" color={statusColors[item.status]}>
                {item.tag}
              </Tag>
            </li>
          ))}
        </ul>
        <div className="ba-notice-footer">
          <Button size="mini" type="text" status="danger" onClick={() => setPages((p) => ({ ...p, [kind]: 0 }))}>
            {t('notice.clear')}
          </Button>
          {more ? (
            <Button size="mini" type="text" loading={loading === kind} onClick={() => loadMore(kind)}>
              {loading === kind ? t('notice.loading') : t('notice.loadMore')}
            </Button>
          ) : (
            <span className="ba-notice-subtitle">{t('notice.noMore')}</span>
          )}
        </div>
      </>
    );
  };

  const content = (
    <div className="ba-notice">
      <Tabs activeTab={tab} onChange={(key) => setTab(key as NoticeKind)} size="small">
        {noticeKinds.map((kind) => (
          <Tabs.TabPane key={kind} title={`${t(`notice.${kind}`)} (${newCounts[kind]})`}>
            {panel(kind)}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </div>
  );

  return (
    <Popover trigger="click" position="br" content={content} style={{ maxWidth: 420 }}>
      <TopButton
        label={`${t('notice.title')} (${unread})`}
        icon={<IconNotification />}
        badge={unread > 0 ? <Badge count={unread} maxCount={99} /> : null}
      />
    </Popover>
  );
}
