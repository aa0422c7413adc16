import { http } from '../../../core/sdk/home';
import type { NoticeFeed, NoticeFeedItem } from '../../../core/sdk/shared';
import { NOTICE_FEED_PAGE_SIZE, noticeEntity } from './entity';

/**
 * The notice feed of the top bar's popover, on the member endpoints (`/my`, `/my/unread-count`,
 * `/my/detail`, `/read`, `/read-all`). Loaded when the popover first needs it, not with the plugin. Silent:
 * the popover shows a failure itself, and the badge's refresh in the background never toasts.
 */
const BASE = noticeEntity.api.base;

interface MyNotice {
  id: string;
  title: string;
  categoryName: string;
  releaseTime: string;
  read: boolean;
}

const item = (n: MyNotice): NoticeFeedItem => ({ id: n.id, title: n.title, tag: n.categoryName || undefined, time: n.releaseTime, read: n.read });

export const noticeFeed: NoticeFeed = {
  pageSize: NOTICE_FEED_PAGE_SIZE,
  async page(n) {
    const { data } = await http.get<{ records: MyNotice[]; total: number; unread: number }>(`${BASE}/my`, { params: { current: n, size: NOTICE_FEED_PAGE_SIZE }, silent: true });
    return { items: data.records.map(item), total: data.total, unread: data.unread };
  },
  async unread() {
    return (await http.get<number>(`${BASE}/my/unread-count`, { silent: true })).data;
  },
  async markRead(id) {
    await http.post(`${BASE}/read`, undefined, { params: { id }, silent: true });
  },
  async markAllRead() {
    await http.post(`${BASE}/read-all`, undefined, { silent: true });
  },
  async open(id) {
    const { data } = await http.get<MyNotice & { content: string }>(`${BASE}/my/detail`, { params: { id }, silent: true });
    return { ...item(data), content: data.content };
  },
};
