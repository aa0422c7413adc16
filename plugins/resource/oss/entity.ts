import { defineEntity, type DictionaryDecl } from '../../../core/sdk/shared';
import { DISABLED, ENABLED_OPTIONS } from '../enabling/enabled';

/**
 * An object-storage configuration of a tenant: where its uploaded files go while it is the enabled one.
 * Two kinds (the `oss` dictionary): the server's own disk, and any S3-compatible store. The secret key is
 * sealed at rest and answered masked; `status` is the enabled flag, moved only by `enable` / `disable`.
 */

export const LOCAL_DISK = 1;
export const S3_COMPATIBLE = 2;

export const OSS_DICTIONARY: DictionaryDecl = {
  code: 'oss',
  name: { zh: '对象存储类型', en: 'Object storage kind' },
  items: [
    { key: String(LOCAL_DISK), value: { zh: '本地磁盘', en: 'Local disk' } },
    { key: String(S3_COMPATIBLE), value: { zh: 'S3 兼容存储（MinIO、阿里云 OSS、腾讯云 COS、AWS S3…）', en: 'S3-compatible (MinIO, Aliyun OSS, Tencent COS, AWS S3…)' } },
  ],
};

/** The area's own buttons: enable / disable, and the connection test. */
export const OSS_BUTTON = { enable: 'oss_enable', test: 'oss_test' } as const;

/** What the masked secret key looks like in an answer: a masked value sent back keeps the stored one. */
export const SECRET_MASK = '******';

export const ossEntity = defineEntity({
  name: 'oss',
  label: { zh: '对象存储', en: 'Object storage' },
  api: { base: '/api/blade-resource/oss' },
  // Its table is the plugin's own migration: the database keeps one enabled row per tenant (a partial index).
  syncTable: false,
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['ossCode'], message: { zh: '资源编号已存在', en: 'This resource code is taken' } }],
  fields: {
    category: { type: 'select', label: { zh: '分类', en: 'Kind' }, dict: { code: OSS_DICTIONARY.code, numeric: true }, required: true, default: LOCAL_DISK, search: 'equal', width: 280 },
    ossCode: {
      type: 'string',
      label: { zh: '资源编号', en: 'Resource code' },
      required: true,
      maxLength: 32,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: { zh: '资源编号只能包含字母、数字、下划线和短横线', en: 'A resource code has letters, digits, _ and - only' } },
      search: 'like',
      sortable: true,
      width: 150,
    },
    endpoint: { type: 'string', label: { zh: '资源地址', en: 'Endpoint' }, maxLength: 255, search: 'like', width: 240 },
    bucketName: { type: 'string', label: { zh: '空间名', en: 'Bucket' }, maxLength: 63, width: 150 },
    region: { type: 'string', label: { zh: '区域', en: 'Region' }, maxLength: 64, list: false },
    accessKey: { type: 'string', label: { zh: 'accessKey', en: 'Access key' }, maxLength: 128, list: false },
    secretKey: { type: 'string', label: { zh: 'secretKey', en: 'Secret key' }, maxLength: 255, list: false },
    pathStyle: {
      type: 'switch',
      label: { zh: '路径风格访问', en: 'Path-style access' },
      options: [
        { value: 0, label: { zh: '否', en: 'No' } },
        { value: 1, label: { zh: '是', en: 'Yes' } },
      ],
      default: 1,
      list: false,
    },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    status: { type: 'select', label: { zh: '是否启用', en: 'Status' }, options: ENABLED_OPTIONS, default: DISABLED, writable: 'never', form: { add: false, edit: false, view: true }, search: 'equal', width: 100 },
  },
});
