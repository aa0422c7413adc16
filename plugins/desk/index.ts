import { definePlugin } from '../../core/sdk/shared';

/** 工作台: notices to the tenant's staff, written here and read in the top bar's notice popover. */
export default definePlugin({
  id: 'desk',
  name: { zh: '通知公告', en: 'Notices' },
  requires: ['dict'],
});
