import { definePlugin } from '../../core/sdk/shared';
import { attachMessages, attachResource } from './attach';
import { OSS_DICTIONARY, ossMessages, ossResource } from './oss';
import { smsDictionaries, smsMessages, smsRecordResource, smsResource } from './sms';

/** 资源管理: where files are stored (object storage), the files themselves, and text messages (SMS). */
export default definePlugin({
  id: 'resource',
  name: { zh: '资源管理', en: 'Resources' },
  requires: ['dict'],
  menus: [{ code: 'resource', name: { zh: '资源管理', en: 'Resources' }, path: '/resource', icon: 'storage', sort: 96, group: true, topMenu: 'top_tools' }],
  resources: [ossResource, attachResource, smsResource, smsRecordResource],
  dictionaries: [OSS_DICTIONARY, ...smsDictionaries],
  messages: {
    zh: { resource: { oss: ossMessages.zh, attach: attachMessages.zh, sms: smsMessages.zh } },
    en: { resource: { oss: ossMessages.en, attach: attachMessages.en, sms: smsMessages.en } },
  },
});
