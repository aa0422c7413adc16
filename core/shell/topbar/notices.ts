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
 * The sample items of one page of one tab. The product has no notice feed for this popover (it shows
 * samples), so they are made from translated templates: they follow the language switch.
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
