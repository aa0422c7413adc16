import { defineEntity, defineStateMachine, stateOptions, type DictionaryDecl } from '../../../core/sdk/shared';

/**
 * A notice to the tenant's staff: written and published on /desk/notice, read by every member of the
 * tenant in the top bar's popover once it is published and its release time has come. The JSON names are
 * BladeX's (`title`, `category`, `categoryName`, `releaseTime`, `content`).
 */

/** Published (BladeX's live status, 1) or a draft, kept in the audit `status` column. */
export const NOTICE_STATE = { published: 1, draft: 2 } as const;
export type NoticeState = (typeof NOTICE_STATE)[keyof typeof NOTICE_STATE];

/** Publishing and withdrawing, declared once for the server's refusals and the screen's buttons and tags. */
export const noticeMachine = defineStateMachine<NoticeState>({
  subject: { zh: '通知', en: 'The notice' },
  states: [
    { value: NOTICE_STATE.published, label: { zh: '已发布', en: 'Published' }, color: 'green' },
    { value: NOTICE_STATE.draft, label: { zh: '草稿', en: 'Draft' }, color: 'gray' },
  ],
  moves: { [NOTICE_STATE.draft]: [NOTICE_STATE.published], [NOTICE_STATE.published]: [NOTICE_STATE.draft] },
});

/** The button that publishes and withdraws: editing a notice. */
export const NOTICE_PUBLISH_CODE = 'notice_edit';

/**
 * The system dictionary of notice categories (numeric keys). BladeX seeds it, and so does the dict plugin;
 * declared here too, in the same words, so that the dict plugin creates it wherever it is missing.
 */
export const NOTICE_DICTIONARY: DictionaryDecl = {
  code: 'notice',
  name: { zh: '通知类型', en: 'Notice type' },
  items: [
    { key: '1', value: { zh: '发布通知', en: 'Announcement' } },
    { key: '2', value: { zh: '批转通知', en: 'Approval and forwarding' } },
    { key: '3', value: { zh: '转发通知', en: 'Forwarded notice' } },
    { key: '4', value: { zh: '指示通知', en: 'Instruction' } },
    { key: '5', value: { zh: '任免通知', en: 'Appointment and removal' } },
    { key: '6', value: { zh: '事务通知', en: 'Affairs notice' } },
  ],
};

export const NOTICE_TITLE_MAX = 255;
/** Notices per page of the top bar's popover. */
export const NOTICE_FEED_PAGE_SIZE = 5;
export const NOTICE_CONTENT_MAX = 20000;

export const noticeEntity = defineEntity({
  name: 'notice',
  label: { zh: '通知', en: 'Notice' },
  api: { base: '/api/blade-desk/notice' },
  sort: { field: 'releaseTime', order: 'desc' },
  fields: {
    title: { type: 'string', label: { zh: '通知标题', en: 'Title' }, required: true, maxLength: NOTICE_TITLE_MAX, search: 'like', sortable: true, width: 280 },
    category: { type: 'select', label: { zh: '通知类型', en: 'Category' }, required: true, dict: { code: NOTICE_DICTIONARY.code, numeric: true }, search: 'equal', width: 190 },
    // A new notice without one is released at once (the server fills in its own time).
    releaseTime: { type: 'datetime', label: { zh: '发布时间', en: 'Release time' }, search: 'range', sortable: true, width: 180 },
    // Set when the notice is made; afterwards only publishing and withdrawing move it.
    status: { type: 'select', label: { zh: '状态', en: 'State' }, options: stateOptions(noticeMachine), default: NOTICE_STATE.published, writable: 'create', search: 'equal', width: 110 },
    readCount: { type: 'integer', label: { zh: '已读人数', en: 'Read by' }, virtual: true, form: { add: false, edit: false, view: true }, width: 100 },
    categoryName: { type: 'string', label: { zh: '类型名称', en: 'Category name' }, virtual: true, list: false, form: false },
    content: { type: 'richtext', label: { zh: '通知内容', en: 'Content' }, maxLength: NOTICE_CONTENT_MAX, list: false, span: 24 },
  },
});

export type NoticeEntity = typeof noticeEntity;
