import { defineEntity, defineResource, type Option } from '../../../core/sdk/shared';

/**
 * 访客记录: one row per view of a staff member's card. Visits are facts the card front end reports
 * through the public recording endpoint; the back office only reads them (no audit columns, no removal).
 */

/** Where a visitor came from. */
export const VISIT_SOURCES = [
  { value: 1, label: { zh: '分享链接', en: 'Shared link' } },
  { value: 2, label: { zh: '二维码', en: 'QR code' } },
  { value: 3, label: { zh: '搜索', en: 'Search' } },
  { value: 4, label: { zh: '名片交换', en: 'Card exchange' } },
] as const satisfies readonly Option[];

export type VisitSource = (typeof VISIT_SOURCES)[number]['value'];

/** What a visitor did on the card, kept as a comma list in this order. */
export const VISIT_ACTIONS = [
  { value: 'view', label: { zh: '浏览', en: 'Viewed' } },
  { value: 'call', label: { zh: '拨打电话', en: 'Called' } },
  { value: 'save', label: { zh: '保存联系人', en: 'Saved contact' } },
  { value: 'forward', label: { zh: '转发', en: 'Forwarded' } },
  { value: 'attach', label: { zh: '查看附件', en: 'Viewed attachment' } },
] as const satisfies readonly Option[];

export type VisitAction = (typeof VISIT_ACTIONS)[number]['value'];

/** The longest stay a visit reports: a day. */
export const MAX_STAY_SECONDS = 86_400;

export const visitEntity = defineEntity({
  name: 'visit',
  label: { zh: '访客记录', en: 'Visit' },
  table: 'blade_visit',
  // The plugin's menu group is `visit`: the records' screen and buttons are `visit_info…`.
  permission: 'visit_info',
  api: { base: '/api/visit/info', list: 'page' },
  audit: false,
  logicalDelete: false,
  sort: { field: 'visitTime', order: 'desc' },
  fields: {
    visitTime: { type: 'datetime', label: { zh: '访问时间', en: 'Visit time' }, search: 'range', sortable: true, width: 170 },
    // Filters with the enabled staff and companies as choices; rows show the names the server adds (a
    // disabled or removed staff member's visits keep their name).
    staffId: { type: 'id', label: { zh: '被访员工', en: 'Staff' }, search: 'equal', source: { url: '/api/staff/info/list', label: 'name' }, list: false, form: false },
    staffName: { type: 'string', label: { zh: '被访员工', en: 'Staff' }, virtual: true, width: 100 },
    companyId: { type: 'id', label: { zh: '所属公司', en: 'Company' }, search: 'equal', source: { url: '/api/company/information/list', label: 'name' }, list: false, form: false },
    companyName: { type: 'string', label: { zh: '所属公司', en: 'Company' }, virtual: true, width: 150 },
    // The list shows the avatar beside the nick name; both, and the masked visitor id, are in a visit's view.
    visitorNick: { type: 'string', label: { zh: '访客昵称', en: 'Visitor' }, maxLength: 64, width: 150 },
    visitorAvatar: { type: 'image', label: { zh: '访客头像', en: 'Avatar' }, list: false },
    // An opaque id of the visitor (a hashed open id): shown masked, kept whole for counting visitors.
    visitorId: { type: 'string', label: { zh: '访客标识', en: 'Visitor id' }, maxLength: 64, list: false },
    source: { type: 'select', label: { zh: '访问来源', en: 'Source' }, options: [...VISIT_SOURCES], search: 'equal', width: 130 },
    actions: { type: 'string', label: { zh: '访客行为', en: 'Activity' }, maxLength: 64, width: 230 },
    staySeconds: { type: 'integer', label: { zh: '停留时长', en: 'Stay' }, min: 0, max: MAX_STAY_SECONDS, width: 110 },
    // Shown in a visit's view: without an IP database only a local network can be named.
    ipRegion: { type: 'string', label: { zh: 'IP 属地', en: 'IP region' }, maxLength: 64, list: false },
  },
});

export const recordsResource = defineResource({
  entity: visitEntity,
  menu: { parent: 'visit', name: { zh: '访客记录', en: 'Visit records' }, path: '/visit/info', icon: 'history', sort: 1 },
  // Read only: visits arrive from the card front end, never from a form.
  actions: ['view'],
  grants: { user: ['view'] },
  screen: () => import('./VisitRecordsPage'),
});

export const recordsMessages = {
  zh: {
    stay: '{{minutes}}分{{seconds}}秒',
    staySeconds: '{{seconds}}秒',
    stayHours: '{{hours}}小时{{minutes}}分',
  },
  en: {
    stay: '{{minutes}} min {{seconds}} s',
    staySeconds: '{{seconds}} s',
    stayHours: '{{hours}} h {{minutes}} min',
  },
};
