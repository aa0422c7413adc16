import type { Language, Messages } from '../../core/sdk/browser';

/** The client plugin's own texts (field labels and rule messages live in entities.ts). */
export const clientMessages: Record<Language, Messages> = {
  zh: {
    client: {
      disabled: '已停用',
      disable: '停用',
      enable: '启用',
      disabledOk: '已停用',
      enabledOk: '已启用',
      grant: {
        refresh_token: '刷新令牌',
        password: '密码',
        captcha: '验证码',
        social: '第三方登录',
        authorization_code: '授权码',
      },
    },
  },
  en: {
    client: {
      disabled: 'Disabled',
      disable: 'Disable',
      enable: 'Enable',
      disabledOk: 'Disabled',
      enabledOk: 'Enabled',
      grant: {
        refresh_token: 'Refresh token',
        password: 'Password',
        captcha: 'Captcha',
        social: 'Third party',
        authorization_code: 'Authorization code',
      },
    },
  },
};
