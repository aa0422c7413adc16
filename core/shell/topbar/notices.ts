import type { TFunction } from '../../i18n';

/** A notice-popover entry. */
export interface NoticeItem {
  id: string;
  img: string;
  title: string;
  subtitle: string;
  tag: string;
  /** 0 new, 1 in progress, 2 done, 3 expiring. */
  status: 0 | 1 | 2 | 3;
}

export type NoticeKind = 'mail' | 'message' | 'notice';
export const noticeKinds: NoticeKind[] = ['mail', 'message', 'notice'];

export const NOTICE_PAGE_SIZE = 4;
export const NOTICE_PAGES = 3;
/** The demo "server" answers a page after this long, so the loading state is seen. */
export const NOTICE_DELAY = 1000;

const PEOPLE = 6;
const SUBJECTS = 6;
const avatarColors = ['#409EFF', '#13C2C2', '#FA8C16', '#722ED1', '#EB2F96', '#52C41A'];

/** A round initial avatar as an inline SVG: sample data must not depend on images that may not exist. */
function avatar(letter: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The sample items of one page of one tab: the mail and message tabs have no source of their own, and the
 * notice tab shows these too while no plugin provides a notice feed. Made from translated templates, so
 * they follow the language switch.
 */
export function sampleNotices(kind: NoticeKind, page: number, t: TFunction): NoticeItem[] {
  const items: NoticeItem[] = [];
  for (let i = 0; i < NOTICE_PAGE_SIZE; i++) {
    const n = page * NOTICE_PAGE_SIZE + i;
    const kindOffset = noticeKinds.indexOf(kind);
    const name = t(`notice.person${(n + kindOffset) % PEOPLE}`);
    const subject = t(`notice.${kind}Subject${(n * 5 + kindOffset) % SUBJECTS}`);
    const status = ((n + kindOffset) % 4) as NoticeItem['status'];
    const minutes = 3 + n * 37;
    items.push({
      id: `${kind}-${n}`,
      img: avatar(name.slice(0, 1).toUpperCase(), avatarColors[(n + kindOffset) % avatarColors.length]),
      title: t(`notice.${kind}Title`, { name, subject }),
      subtitle: minutes < 60 ? t('notice.minutesAgo', { n: minutes }) : t('notice.hoursAgo', { n: Math.floor(minutes / 60) }),
      tag: t(`notice.status${status}`),
      status,
    });
  }
  return items;
}

export const statusColors: Record<NoticeItem['status'], string> = { 0: 'red', 1: 'arcoblue', 2: 'green', 3: 'orange' };

/** How often the bell asks the notice feed for the unread count while the page is visible. */
export const NOTICE_REFRESH_MS = 60_000;

const MINUTE = 60_000;

/** A wall-clock `yyyy-MM-dd HH:mm:ss` (the server's way of writing times) as a local Date; null when it is not one. */
export function parseWallClock(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** How long ago a notice was released, in the current language: 刚刚, N 分钟前, N 小时前, N 天前, then its date. */
export function relativeTime(time: string, now: Date, t: TFunction): string {
  const at = parseWallClock(time);
  if (!at) return time;
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return t('notice.justNow');
  if (ago < 60 * MINUTE) return t('notice.minutesAgo', { n: Math.floor(ago / MINUTE) });
  if (ago < 24 * 60 * MINUTE) return t('notice.hoursAgo', { n: Math.floor(ago / (60 * MINUTE)) });
  if (ago < 30 * 24 * 60 * MINUTE) return t('notice.daysAgo', { n: Math.floor(ago / (24 * 60 * MINUTE)) });
  return time.slice(0, 10);
}

/** How long a task has waited since `time`, in the current language: 刚到, 已等待 N 分钟 / 小时 / 天. */
export function waitingTime(time: string, now: Date, t: TFunction): string {
  const since = parseWallClock(time);
  if (!since) return time;
  const waited = now.getTime() - since.getTime();
  if (waited < MINUTE) return t('notice.waitingNow');
  if (waited < 60 * MINUTE) return t('notice.waitingMinutes', { n: Math.floor(waited / MINUTE) });
  if (waited < 24 * 60 * MINUTE) return t('notice.waitingHours', { n: Math.floor(waited / (60 * MINUTE)) });
  return t('notice.waitingDays', { n: Math.floor(waited / (24 * 60 * MINUTE)) });
}
