import { defineResource } from '../../../core/sdk/shared';
import { SMS_CODE } from './codes';
import { SMS_DICTIONARY, smsEntity, smsRecordEntity } from './entity';

export { SMS_DICTIONARY } from './entity';

/** 短信配置 under 资源管理: the list with its own screen (enable switch, test message), for administrators. */
export const smsResource = defineResource({
  entity: smsEntity,
  menu: { parent: 'resource', name: { zh: '短信配置', en: 'SMS' }, path: '/resource/sms', icon: 'message', sort: 3 },
  buttons: [{ code: SMS_CODE.send, alias: 'send', name: { zh: '发送短信', en: 'Send a message' } }],
  screen: () => import('./screens/SmsPage'),
});

/** 短信记录: what was sent (the sandbox's outbox), read only. */
export const smsRecordResource = defineResource({
  entity: smsRecordEntity,
  menu: { parent: 'resource', name: { zh: '短信记录', en: 'Sent messages' }, path: '/resource/sms-record', icon: 'history', sort: 4 },
  actions: ['view'],
  screen: () => import('./screens/SmsRecordPage'),
});

export const smsDictionaries = [SMS_DICTIONARY];

export const smsMessages = {
  zh: {
    enabled: '已启用',
    enable: '启用',
    disable: '停用',
    enabledOk: '已启用，发送短信将默认使用此配置',
    disabledOk: '已停用',
    secretSet: '已设置',
    secretUnset: '未设置',
    send: '发送测试短信',
    sendTitle: '发送测试短信：{{code}}',
    phones: '手机号',
    phonesHint: '多个号码用逗号分隔，最多100个',
    phonesRequired: '请输入手机号',
    params: '模板参数',
    noParams: '此模板没有变量',
    paramRequired: '请输入模板参数 {{name}}',
    preview: '短信预览',
    submit: '发送',
    resultTitle: '发送结果',
    stateSent: '已发送',
    stateLimited: '未发送',
    stateFailed: '失败',
    close: '关闭',
    sandboxNote: '沙箱不会实际发送，短信可在「短信记录」中查看',
  },
  en: {
    enabled: 'Enabled',
    enable: 'Enable',
    disable: 'Disable',
    enabledOk: 'Enabled: messages are sent with this configuration unless another is named',
    disabledOk: 'Disabled',
    secretSet: 'Set',
    secretUnset: 'Not set',
    send: 'Send a test message',
    sendTitle: 'Send a test message: {{code}}',
    phones: 'Mobile numbers',
    phonesHint: 'Separate numbers with commas, at most 100',
    phonesRequired: 'Enter at least one mobile number',
    params: 'Template parameters',
    noParams: 'This template has no variables',
    paramRequired: 'Enter the parameter {{name}}',
    preview: 'Preview',
    submit: 'Send',
    resultTitle: 'Result',
    stateSent: 'Sent',
    stateLimited: 'Not sent',
    stateFailed: 'Failed',
    close: 'Close',
    sandboxNote: 'The sandbox sends nothing: read its messages under Sent messages',
  },
};
