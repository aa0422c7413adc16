import { defineEntity, type LocalText } from '../../../core/sdk/shared';
import { companyIdField } from '../company/entity';

/**
 * A case album: a company's published work (a finished interior, a product line, an event), shown on its
 * staff's cards. Its pictures are not a column of the row: they are rows of their own
 * (`blade_case_album_image`, ordered, each with a caption and a thumbnail made by the server), sent with a
 * save as `images: [{ link, caption }]` and answered by `detail` the same way, thumbnails added.
 */

/** What one save may hold. */
export const ALBUM_LIMITS = { minImages: 1, maxImages: 50, caption: 200 } as const;

/** Width of the thumbnails the server makes of each picture (lists, the board, the card's gallery). */
export const THUMB_WIDTH = 320;

/** Album states, in the audit `status` column. */
export const ALBUM_STATUS = [
  { value: 1, label: { zh: '启用', en: 'Enabled' } },
  { value: 2, label: { zh: '停用', en: 'Disabled' } },
] as const;

/** A picture of an album as `detail` answers it. */
export interface AlbumImage {
  id?: string;
  link: string;
  /** The server's 320-wide JPEG of it, or the link itself for a picture kept elsewhere. */
  thumbLink: string;
  caption: string;
  /** The picture's size in pixels when the server read it (0 for a picture kept elsewhere). */
  width: number;
  height: number;
}

/** The system dictionary of album categories (declared, seeded by the dict plugin where missing). */
export const caseCategoryDictionary: { code: string; name: LocalText; items: { key: string; value: LocalText }[] } = {
  code: 'case_category',
  name: { zh: '案例分类', en: 'Case category' },
  items: [
    { key: '1', value: { zh: '室内设计', en: 'Interior design' } },
    { key: '2', value: { zh: '建筑外观', en: 'Architecture' } },
    { key: '3', value: { zh: '产品展示', en: 'Products' } },
    { key: '4', value: { zh: '活动现场', en: 'Events' } },
    { key: '5', value: { zh: '团队风采', en: 'Our team' } },
    { key: '6', value: { zh: '客户案例', en: 'Client cases' } },
  ],
};

export const albumEntity = defineEntity({
  name: 'album',
  table: 'blade_case_album',
  label: { zh: '案例相册', en: 'Case album' },
  // Save and update make thumbnails: the long time-out.
  api: { base: '/api/case/album', list: 'page', save: 'save-update', longSave: true },
  sort: { field: 'sort', order: 'asc' },
  fields: {
    cover: { type: 'image', label: { zh: '封面', en: 'Cover' }, width: 96 },
    title: { type: 'string', label: { zh: '相册标题', en: 'Title' }, required: true, maxLength: 100, search: 'like', width: 200 },
    companyId: companyIdField(160),
    category: { type: 'select', label: { zh: '案例分类', en: 'Category' }, dict: { code: caseCategoryDictionary.code, numeric: true }, search: 'equal', width: 140 },
    // Computed when read: how many pictures the album holds.
    imageCount: { type: 'integer', label: { zh: '图片数', en: 'Images' }, virtual: true, form: false, width: 96 },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: ALBUM_STATUS.map((s) => ({ ...s })), default: 1, search: 'equal', width: 90 },
    viewCount: { type: 'integer', label: { zh: '浏览量', en: 'Views' }, writable: 'never', form: { add: false, edit: false, view: true }, sortable: true, width: 104 },
    // The list's order (not a column of its own).
    sort: { type: 'integer', label: { zh: '排序', en: 'Order' }, min: 0, max: 99999, default: 1, list: false },
    description: { type: 'text', label: { zh: '相册描述', en: 'Description' }, maxLength: 2000, list: false },
  },
});
