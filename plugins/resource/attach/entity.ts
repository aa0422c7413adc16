import { defineEntity } from '../../../core/sdk/shared';

/**
 * An attachment: a file some upload kept (`put-file`, `put-file-attach`, a plugin's own), a row of the
 * kernel's `blade_attach`. The screen lists, renames (the original name only), downloads and removes
 * them; uploads go through put-file-attach. The table is the kernel's: this plugin's routes are written
 * by hand and never alter it.
 */
export const attachEntity = defineEntity({
  name: 'attach',
  label: { zh: '附件', en: 'Attachment' },
  api: { base: '/api/blade-resource/attach', list: 'page' },
  syncTable: false,
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  fields: {
    link: { type: 'string', label: { zh: '预览', en: 'Preview' }, maxLength: 1000, writable: 'never', form: false, width: 90 },
    originalName: { type: 'string', label: { zh: '附件原名', en: 'Original name' }, required: true, maxLength: 200, search: 'like', sortable: true, width: 240 },
    extension: { type: 'string', label: { zh: '附件拓展名', en: 'Extension' }, maxLength: 12, writable: 'never', search: 'equal', width: 90 },
    attachSize: { type: 'integer', label: { zh: '附件大小', en: 'Size' }, writable: 'never', sortable: true, width: 100 },
    contentType: { type: 'string', label: { zh: '文件类型', en: 'Content type' }, maxLength: 255, writable: 'never', list: false },
    storeName: { type: 'string', label: { zh: '存储位置', en: 'Stored in' }, virtual: true, width: 120 },
    uploaderName: { type: 'string', label: { zh: '上传人', en: 'Uploaded by' }, virtual: true, width: 110 },
    createTime: { type: 'datetime', label: { zh: '上传时间', en: 'Uploaded at' }, virtual: true, sortable: true, width: 170 },
  },
});

/** Where the screen uploads (multipart `file`): documents and pictures up to 10 MB, checked by their bytes. */
export const PUT_FILE_ATTACH_URL = '/api/blade-resource/oss/endpoint/put-file-attach';
export const ATTACH_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACH_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg';
