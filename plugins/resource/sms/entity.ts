import { defineEntity, type DictionaryDecl, type Option } from '../../../core/sdk/shared';
import { DISABLED, ENABLED_OPTIONS } from '../enabling/enabled';

/**
 * An SMS configuration of a tenant: which provider sends its messages, with which template and
 * signature. `send-message` uses the one its `code` names (enabled or not: a test before enabling) or,
 * without a code, the tenant's enabled one (none enabled: refused). The sandbox provider sends nothing
 * and answers delivered: its messages are read on the 短信记录 screen. The secret key is sealed at rest
 * and answered masked; `status` is the enabled flag, moved only by `enable` / `disable`.
 */

export const SANDBOX = 1;
export const ALIYUN = 2;

export const SMS_DICTIONARY: DictionaryDecl = {
  code: 'sms',
  name: { zh: '短信服务商', en: 'SMS provider' },
  items: [
    { key: String(SANDBOX), value: { zh: '沙箱', en: 'Sandbox' } },
    { key: String(ALIYUN), value: { zh: '阿里云', en: 'Aliyun' } },
  ],
};

/** What the masked secret key looks like in an answer: a masked value sent back keeps the stored one. */
export const SECRET_MASK = '******';

/** Aliyun's region of the SMS service when a configuration names none. */
export const DEFAULT_REGION = 'cn-hangzhou';

export const SMS_CODE_PATTERN = '^[A-Za-z0-9_-]+$';

export const smsEntity = defineEntity({
  name: 'sms',
  label: { zh: '短信配置', en: 'SMS configuration' },
  api: { base: '/api/blade-resource/sms' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['smsCode'], message: { zh: '资源编号已存在', en: 'This resource code is taken' } }],
  fields: {
    category: { type: 'select', label: { zh: '分类', en: 'Provider' }, dict: { code: SMS_DICTIONARY.code, numeric: true }, required: true, default: SANDBOX, search: 'equal', width: 110 },
    smsCode: {
      type: 'string',
      label: { zh: '资源编号', en: 'Resource code' },
      required: true,
      maxLength: 32,
      pattern: { source: SMS_CODE_PATTERN, message: { zh: '资源编号只能包含字母、数字、下划线和短横线', en: 'A resource code has letters, digits, _ and - only' } },
      search: 'like',
      sortable: true,
      width: 160,
    },
    templateId: { type: 'string', label: { zh: '模板ID', en: 'Template id' }, maxLength: 64, width: 140 },
    // The sandbox sends this text with its `${name}` variables filled in; every variable is a parameter a
    // sender must supply (Aliyun keeps its own copy of the template under templateId).
    templateContent: { type: 'text', label: { zh: '模板内容', en: 'Template text' }, required: true, maxLength: 500, width: 280 },
    signName: { type: 'string', label: { zh: '短信签名', en: 'Signature' }, maxLength: 64, search: 'like', width: 130 },
    accessKey: { type: 'string', label: { zh: 'accessKey', en: 'Access key' }, maxLength: 128, width: 150 },
    // Stored sealed (longer than typed: the hooks hold what is typed to 128 characters).
    secretKey: { type: 'string', label: { zh: 'secretKey', en: 'Secret key' }, maxLength: 500, width: 100 },
    regionId: { type: 'string', label: { zh: '地域', en: 'Region' }, maxLength: 32, default: DEFAULT_REGION, pattern: { source: '^[a-z0-9-]*$', message: { zh: '地域格式不正确', en: 'The region is not valid' } }, list: false },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false },
    status: { type: 'select', label: { zh: '是否启用', en: 'Status' }, options: ENABLED_OPTIONS, default: DISABLED, writable: 'never', form: { add: false, edit: false, view: true }, search: 'equal', width: 110 },
  },
});

/** A sent message's outcome. */
export const DELIVERED = 1;
export const FAILED = 2;

export const SEND_STATES: Option[] = [
  { value: DELIVERED, label: { zh: '成功', en: 'Sent' }, color: 'green' },
  { value: FAILED, label: { zh: '失败', en: 'Failed' }, color: 'red' },
];

/**
 * One message sent to one phone: what was sent, through which configuration and provider, and what the
 * provider answered. Written by `send-message` only; read on the 短信记录 screen (the sandbox's outbox),
 * phones masked for callers who may not edit the configurations.
 */
export const smsRecordEntity = defineEntity({
  name: 'sms_record',
  label: { zh: '短信记录', en: 'Sent message' },
  api: { base: '/api/blade-resource/sms-record', list: 'page' },
  audit: false,
  logicalDelete: false,
  sort: { field: 'sendTime', order: 'desc' },
  fields: {
    sendTime: { type: 'datetime', label: { zh: '发送时间', en: 'Sent at' }, search: 'range', sortable: true, width: 190 },
    phone: { type: 'string', label: { zh: '手机号', en: 'Phone' }, maxLength: 20, search: 'like', width: 130 },
    content: { type: 'text', label: { zh: '短信内容', en: 'Message' }, maxLength: 600, width: 320 },
    category: { type: 'select', label: { zh: '服务商', en: 'Provider' }, dict: { code: SMS_DICTIONARY.code, numeric: true }, search: 'equal', width: 100 },
    state: { type: 'select', label: { zh: '状态', en: 'State' }, options: SEND_STATES, search: 'equal', width: 90 },
    smsId: { type: 'id', label: { zh: '短信配置', en: 'Configuration' }, search: 'equal', source: { url: '/api/blade-resource/sms/list', label: 'smsCode' }, width: 130 },
    smsCode: { type: 'string', label: { zh: '资源编号', en: 'Resource code' }, maxLength: 32, list: false },
    templateId: { type: 'string', label: { zh: '模板ID', en: 'Template id' }, maxLength: 64, list: false },
    params: { type: 'text', label: { zh: '模板参数', en: 'Parameters' }, maxLength: 2000, list: false },
    bizId: { type: 'string', label: { zh: '回执ID', en: 'Receipt id' }, maxLength: 64, list: false },
    providerCode: { type: 'string', label: { zh: '服务商状态码', en: 'Provider code' }, maxLength: 64, list: false },
    providerMessage: { type: 'string', label: { zh: '服务商说明', en: 'Provider message' }, maxLength: 255, width: 180 },
    requestId: { type: 'string', label: { zh: '请求ID', en: 'Request id' }, maxLength: 64, list: false },
    senderName: { type: 'string', label: { zh: '发送人', en: 'Sender' }, maxLength: 64, search: 'like', width: 100 },
    senderId: { type: 'id', label: { zh: '发送人ID', en: 'Sender id' }, list: false, form: false },
  },
});
