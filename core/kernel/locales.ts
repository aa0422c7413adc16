import { registerMessages } from '../i18n';

/** The reasons `can(code)` gives when it refuses, in both languages. */
export const accessMessages = {
  zh: {
    access: {
      missing: '缺少权限「{{name}}」',
      notEnabled: '本租户未开通提供「{{name}}」的模块',
      loading: '正在读取你的权限，请稍候',
    },
  },
  en: {
    access: {
      missing: 'Requires the “{{name}}” permission',
      notEnabled: 'The module that provides “{{name}}” is not enabled for your tenant',
      loading: 'Your permissions are still being read, please wait',
    },
  },
};

registerMessages(accessMessages);
