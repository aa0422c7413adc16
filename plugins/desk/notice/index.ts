import { defineResource } from '../../../core/sdk/shared';
import { noticeEntity } from './entity';

export { NOTICE_DICTIONARY, NOTICE_PUBLISH_CODE, NOTICE_STATE, noticeEntity, noticeMachine, type NoticeEntity, type NoticeState } from './entity';

/**
 * 通知公告 under 工作台, after 个人信息: the list with publishing and withdrawing, the rich-text dialog. The
 * demo `user` role may look (every member reads published notices in the top bar's popover anyway).
 */
export const noticeResource = defineResource({
  entity: noticeEntity,
  menu: { parent: 'desk', name: { zh: '通知公告', en: 'Notices' }, path: '/desk/notice', icon: 'notification', sort: 3 },
  grants: { user: ['view'] },
  screen: () => import('./NoticePage'),
});

/** The screen's own texts, under `desk.notice`. */
export const noticeMessages = {
  zh: {
    publish: '发布',
    withdraw: '撤回',
    scheduled: '定时发布',
    scheduledHint: '发布时间未到：到时才出现在成员的通知中',
    confirmPublish: '发布「{{title}}」？发布后本租户的成员都能在通知中看到它。',
    confirmWithdraw: '撤回「{{title}}」？撤回后它从成员的通知中消失，回到草稿。',
    published: '已发布',
    withdrawn: '已撤回',
  },
  en: {
    publish: 'Publish',
    withdraw: 'Withdraw',
    scheduled: 'Scheduled',
    scheduledHint: 'Its release time is ahead: members see it when the time comes',
    confirmPublish: 'Publish “{{title}}”? Every member of the tenant will see it in their notices.',
    confirmWithdraw: 'Withdraw “{{title}}”? It leaves the members’ notices and becomes a draft again.',
    published: 'Published',
    withdrawn: 'Withdrawn',
  },
};
