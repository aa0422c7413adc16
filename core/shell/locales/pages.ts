import { registerMessages } from '../../i18n';

/**
 * Texts of the full pages a signed-in user may meet (the lock screen, 403/404/500, a menu page no module
 * serves, the iframe host). They come with those pages' chunks, not with the sign-in page. The Chinese
 * texts are the product's own wording, kept verbatim.
 */
export const pageMessages = {
  zh: {
    lock: {
      title: '锁屏',
      locked: '屏幕已锁定',
      password: '锁屏密码',
      placeholder: '请输入锁屏密码',
      required: '锁屏密码不能为空',
      wrong: '锁屏密码错误，请重新输入',
      unlock: '解锁',
      logout: '退出登录',
    },
    errors: {
      forbidden: '抱歉，你无权访问该页面',
      notFound: '抱歉，你访问的页面不存在',
      server: '抱歉，服务器出错了',
      notAvailable: '该模块暂不可用',
      notAvailableDetail: '菜单中的“{{name}}”（{{path}}）没有安装对应的功能模块。',
      iframeRefused: '不允许在页面中打开这个地址',
      iframeRefusedDetail: '只能打开 http(s) 地址或本站页面：{{src}}',
      iframeMissing: '没有要打开的地址',
    },
  },
  en: {
    lock: {
      title: 'Locked',
      locked: 'The screen is locked',
      password: 'Lock password',
      placeholder: 'Enter the lock password',
      required: 'The lock password cannot be empty',
      wrong: 'Wrong lock password, please try again',
      unlock: 'Unlock',
      logout: 'Sign out',
    },
    errors: {
      forbidden: 'Sorry, you are not allowed to see this page',
      notFound: 'Sorry, this page does not exist',
      server: 'Sorry, the server ran into an error',
      notAvailable: 'This module is not available',
      notAvailableDetail: 'No installed module serves "{{name}}" ({{path}}) from your menu.',
      iframeRefused: 'This address cannot be shown here',
      iframeRefusedDetail: 'Only http(s) addresses and pages of this site can be opened: {{src}}',
      iframeMissing: 'No address to open',
    },
  },
};

registerMessages(pageMessages);
