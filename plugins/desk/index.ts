import { definePlugin } from '../../core/sdk/shared';
import { lazyNoticeFeed } from './notice/feed-lazy';
import { NOTICE_DICTIONARY, noticeMessages, noticeResource } from './notice';

/**
 * 工作台: notices to the tenant's staff, written on /desk/notice and read by every member in the top bar's
 * notice popover, whose feed this plugin provides.
 */
export default definePlugin({
  id: 'desk',
  name: { zh: '通知公告', en: 'Notices' },
  requires: ['dict'],
  resources: [noticeResource],
  dictionaries: [NOTICE_DICTIONARY],
  provides: { notices: lazyNoticeFeed },
  messages: { zh: { desk: { notice: noticeMessages.zh } }, en: { desk: { notice: noticeMessages.en } } },
});
