import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n';
import { Badge, Button, Empty, Popover, Tabs, Tag } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import type { NoticeFeed, NoticeFeedItem } from '../../plugin/types';
import { navigateTo } from '../../navigation/navigator';
import { deferred } from '../deferred';
import { usePluginRegistry } from '../plugins-context';
import { MessageFeedPanel, useMessageFeed } from './MessageFeedPanel';
import { NoticeFeedPanel, useNoticeFeed } from './NoticeFeedPanel';
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

// The dialog (Arco's Modal and the rich-text view) is fetched on the first notice opened, not with the layout.
const NoticeDetailDialog = deferred<{ feed: NoticeFeed; item: NoticeFeedItem | null; onClose: () => void }>(() => import('./NoticeDetailDialog'));

/** Largest count the badge spells out; above it shows "99+". */
export const NOTICE_BADGE_MAX = 99;
const badgeText = (count: number) => (count > NOTICE_BADGE_MAX ? `${NOTICE_BADGE_MAX}+` : String(count));

type Counts = Record<NoticeKind, number>;
const allKinds = <T,>(value: T): Record<NoticeKind, T> => ({ mail: value, message: value, notice: value });

/**
 * Bell with a badge of new items and a popover with mail / messages / notices, each tab titled with its
 * own new items, so the tabs add up to the badge. The notice tab shows the real notices of the plugin that
 * provides a notice feed (their unread count in the badge; the list read when the popover opens, an
 * opened notice marked read); the message tab what waits for the user from the plugin that provides a
 * message feed (its count in the badge; an entry opens where it is handled, closing the popover). A tab
 * without a provider shows samples, like the mail tab always does: "load more" fetches their next page
 * after the demo delay, "clear" empties a tab.
 */
export const NoticeButton = observer(function NoticeButton() {
  const { t } = useTranslation();
  const feedSource = usePluginRegistry()?.provided('notices');
  const feed = useNoticeFeed(feedSource);
  const messageSource = usePluginRegistry()?.provided('messages');
  const messages = useMessageFeed(messageSource);
  // Pages loaded per sample tab (0 = cleared). Items are rebuilt from these at render, in the current language.
  const [pages, setPages] = useState<Counts>(allKinds(1));
  const [loading, setLoading] = useState<NoticeKind | null>(null);
  const [chosenTab, setTab] = useState<NoticeKind | null>(null);
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState<NoticeFeedItem | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // The popover opens on what waits for the user, else on the real notices; the samples start with the mail.
  const tab = chosenTab ?? (messageSource && (messages.count ?? 0) > 0 ? 'message' : feedSource ? 'notice' : messageSource ? 'message' : 'mail');

  const sampled = (kind: NoticeKind) => (kind === 'notice' ? !feedSource : kind === 'message' ? !messageSource : true);
  const realCount = (kind: NoticeKind) => (kind === 'notice' ? (feed.unread ?? 0) : (messages.count ?? 0));
  const itemsOf = (kind: NoticeKind): NoticeItem[] =>
    Array.from({ length: pages[kind] }, (_, page) => sampleNotices(kind, page, t)).flat();
  // One count, used by the badge and by each tab: the new items (the badge is their sum).
  const newCounts = Object.fromEntries(
    noticeKinds.map((kind) => [kind, sampled(kind) ? itemsOf(kind).filter((i) => i.status === 0).length : realCount(kind)]),
  ) as Counts;
  const unread = noticeKinds.reduce((sum, kind) => sum + newCounts[kind], 0);

  const loadMore = (kind: NoticeKind) => {
    if (loading) return;
    setLoading(kind);
    timer.current = window.setTimeout(() => {
      setPages((p) => ({ ...p, [kind]: Math.min(p[kind] + 1, NOTICE_PAGES) }));
      setLoading(null);
    }, NOTICE_DELAY);
  };

  const open = (item: NoticeFeedItem) => {
    setVisible(false);
    setDialogUsed(true);
    setOpened(item);
    if (!item.read) void feed.markRead(item.id);
  };

  const go = (link: string) => {
    setVisible(false);
    // The router's own move (the bell is also drawn outside a router, in its tests).
    navigateTo(link);
  };

  const realPanel = (kind: NoticeKind) =>
    kind === 'notice' ? <NoticeFeedPanel feed={feed} onOpen={open} /> : <MessageFeedPanel feed={messages} allLink={messageSource?.allLink} onGo={go} />;

  const samplePanel = (kind: NoticeKind) => {
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
          <Tabs.TabPane key={kind} title={`${t(`notice.${kind}`)} (${badgeText(newCounts[kind])})`}>
            {sampled(kind) ? samplePanel(kind) : realPanel(kind)}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        position="br"
        content={content}
        style={{ maxWidth: 420 }}
        popupVisible={visible}
        onVisibleChange={(next) => {
          setVisible(next);
          // Each opening shows the notices and the waiting tasks as they are now (and the badge follows),
          // asked for even before the tenant's plugins provided their feeds: a feed reads them on arrival.
          if (next) void feed.reload();
          if (next) void messages.reload();
        }}
      >
        <TopButton
          label={`${t('notice.title')} (${badgeText(unread)})`}
          icon={<IconNotification />}
          badge={unread > 0 ? <Badge count={unread} maxCount={NOTICE_BADGE_MAX} /> : null}
        />
      </Popover>
      {feedSource && dialogUsed ? <NoticeDetailDialog feed={feedSource} item={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
});
