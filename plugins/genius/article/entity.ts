import { defineEntity, type Option } from '../../../core/sdk/shared';
import { GENIUS_CHOICES_URL } from '../profile/entity';

/**
 * A genius's article (达人文章): a title, a cover, and rich text cleaned by the server on every save. A
 * draft may be empty; a published article needs content, and its publish time is the server's, set the
 * first time it is published and kept when it is taken back to draft and published again.
 */

export const DRAFT = 0;
export const PUBLISHED = 1;
export const ARTICLE_STATUS_OPTIONS: Option[] = [
  { value: DRAFT, label: { zh: '草稿', en: 'Draft' }, color: 'gray' },
  { value: PUBLISHED, label: { zh: '已发布', en: 'Published' }, color: 'green' },
];

export const geniusInfoEntity = defineEntity({
  name: 'genius_info',
  table: 'genius_info',
  label: { zh: '达人文章', en: 'Genius article' },
  api: { base: '/api/genius/info', list: 'list', save: 'submit', removeIds: 'query' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  fields: {
    cover: { type: 'image', label: { zh: '封面', en: 'Cover' }, width: 110 },
    title: { type: 'string', label: { zh: '文章标题', en: 'Title' }, required: true, maxLength: 100, search: 'like', sortable: true, width: 240 },
    geniusId: { type: 'id', label: { zh: '达人', en: 'Genius' }, required: true, source: { url: GENIUS_CHOICES_URL, label: 'name' }, search: 'equal', list: false },
    geniusName: { type: 'string', label: { zh: '达人', en: 'Genius' }, virtual: true, form: false, width: 120 },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: ARTICLE_STATUS_OPTIONS, default: DRAFT, search: 'equal', width: 112 },
    publishTime: { type: 'datetime', label: { zh: '发布时间', en: 'Published at' }, writable: 'never', form: { add: false, edit: false, view: true }, sortable: true, width: 170 },
    content: { type: 'richtext', label: { zh: '文章内容', en: 'Content' }, span: 24, width: 260 },
  },
});
