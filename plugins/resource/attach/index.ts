import { defineResource } from '../../../core/sdk/shared';
import { attachEntity } from './entity';

export { attachEntity } from './entity';

/** 附件管理 under 资源管理: every uploaded file, renamed, downloaded, removed, and uploaded with progress. Administrators only. */
export const attachResource = defineResource({
  entity: attachEntity,
  menu: { parent: 'resource', name: { zh: '附件管理', en: 'Attachments' }, path: '/resource/attach', icon: 'drive-file', sort: 2 },
  // Files are added by uploading them (put-file-attach), never through a form.
  actions: ['edit', 'delete', 'view'],
  endpoints: false,
  screen: () => import('./AttachPage'),
});

export const attachMessages = {
  zh: {
    upload: '上传',
    uploadTitle: '上传附件',
    uploadHint: 'pdf、Word、Excel、PowerPoint 或图片，不超过 10MB，按文件内容判断类型',
    uploaded: '上传成功：{{name}}',
    tooLarge: '上传文件大小不能超过10MB',
    download: '下载',
    preview: '预览',
    noPreview: '无预览',
  },
  en: {
    upload: 'Upload',
    uploadTitle: 'Upload an attachment',
    uploadHint: 'A pdf, Word, Excel, PowerPoint or picture file of at most 10 MB, its type judged by its bytes',
    uploaded: 'Uploaded: {{name}}',
    tooLarge: 'The file may not be larger than 10 MB',
    download: 'Download',
    preview: 'Preview',
    noPreview: 'No preview',
  },
};
