import type { Hono } from 'hono';
import { mountStateMove, type AppEnv, type ServerContext, type ServerParts } from '../../../core/sdk/server';
import { NOTICE_PUBLISH_CODE, noticeEntity, noticeMachine } from './entity';
import { noticeHooks } from './hooks';
import { myNoticeRoutes } from './my-routes';
import { noticeReadTable } from './read-table';
import { seedNotices } from './seed';

/** `POST /api/blade-desk/notice/status?id=&status=`: publishing (草稿 → 已发布) and withdrawing (back), atomic. */
function publishRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  mountStateMove(api, ctx, {
    path: '/blade-desk/notice/status',
    code: NOTICE_PUBLISH_CODE,
    summary: { zh: '发布或撤回通知', en: 'Publish or withdraw a notice' },
    description: {
      zh: '草稿 → 已发布（发布时间未到的为定时发布，到时才出现在成员的通知中），已发布 → 草稿（撤回：从成员的通知中消失）。锁行后条件更新；也接受 JSON 体 { id, status }。',
      en: "Draft → published (a notice whose release time is still ahead is scheduled: members see it when the time comes), published → draft (withdrawn: it leaves the members' notices). The row locked and updated conditionally; a JSON body { id, status } is accepted too.",
    },
    table: noticeEntity.table,
    machine: noticeMachine,
  });
}

/**
 * Notices on the server: the engine's `list`, `detail`, `submit` and `remove` (with the release time
 * filled in, the category's name and the read count on every row), publishing and withdrawing, what each
 * member reads in the popover and their read marks, and the demo notices.
 */
export const noticeServer: ServerParts = {
  migrations: [noticeReadTable],
  resources: { notice: (ctx) => ({ hooks: noticeHooks(ctx) }) },
  routes(api, ctx) {
    publishRoutes(api, ctx);
    myNoticeRoutes(api, ctx);
  },
  seed: seedNotices,
};
