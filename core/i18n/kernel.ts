import { registerMessages } from './index';

/**
 * Texts of the kernel that the sign-in page may need (loading and chunk failures, HTTP errors, the sign-in
 * form, the home tab's label). The layout's and the other full pages' texts come with their own chunks
 * (core/shell/locales). The Chinese texts are the product's own wording, kept verbatim: users of the
 * original know them.
 */
export const kernelMessages = {
  zh: {
    kernel: {
      loading: '加载中…',
      chunkTimeout: '页面加载超时，请检查网络后重试',
      chunkFailed: '页面加载失败',
      chunkFailedDetail: '这个页面的程序文件没有加载成功，可能是网络中断或系统已更新。',
      pageCrashed: '页面出错了',
      pageCrashedDetail: '这个页面遇到了一个错误，错误已记录到本地日志。',
      retry: '重新加载',
      backHome: '返回首页',
    },
    errors: {
      unknown: '未知错误',
      unauthorized: '登录已失效，请重新登录',
      network: '网络错误，请检查网络连接',
      timeout: '请求超时，请稍后重试',
      status: '服务器错误（HTTP {{status}}）',
      refreshFailed: '登录已过期，请重新登录',
    },
    login: {
      title: '登录',
      welcome: '欢迎登录',
      subtitle: '请使用你的账号登录',
      tenant: '租户编号',
      username: '用户名',
      password: '密码',
      code: '验证码',
      tenantPlaceholder: '请输入租户ID',
      usernamePlaceholder: '请输入用户名',
      passwordPlaceholder: '请输入密码',
      codePlaceholder: '请输入验证码',
      phonePlaceholder: '请输入手机号码',
      tenantRequired: '请输入租户ID',
      usernameRequired: '请输入用户名',
      passwordRequired: '请输入密码',
      codeRequired: '请输入验证码',
      submit: '登录',
      submitting: '登录中…',
      captchaReload: '看不清？点击换一张',
      captchaFailed: '验证码加载失败，点击重试',
      social: '第三方登录',
      socialSigningIn: '正在使用第三方账号登录…',
      socialStateMismatch: '第三方登录校验失败，请重新登录',
      language: '语言',
      showPassword: '显示密码',
      hidePassword: '隐藏密码',
    },
    tabs: {
      home: '首页',
    },
  },
  en: {
    kernel: {
      loading: 'Loading…',
      chunkTimeout: 'The page took too long to load. Check the network and try again.',
      chunkFailed: 'The page could not be loaded',
      chunkFailedDetail: 'The code of this page did not load: the network may be down, or the system was updated.',
      pageCrashed: 'Something went wrong on this page',
      pageCrashedDetail: 'This page hit an error. It was recorded in the local error log.',
      retry: 'Reload',
      backHome: 'Back to home',
    },
    errors: {
      unknown: 'Unknown error',
      unauthorized: 'Your session has ended. Please sign in again.',
      network: 'Network error: check your connection',
      timeout: 'The request timed out. Please try again.',
      status: 'Server error (HTTP {{status}})',
      refreshFailed: 'Your session has expired. Please sign in again.',
    },
    login: {
      title: 'Sign in',
      welcome: 'Welcome',
      subtitle: 'Sign in with your account',
      tenant: 'Tenant ID',
      username: 'Username',
      password: 'Password',
      code: 'Code',
      tenantPlaceholder: 'Enter the tenant ID',
      usernamePlaceholder: 'Enter your username',
      passwordPlaceholder: 'Enter your password',
      codePlaceholder: 'Enter the code',
      phonePlaceholder: 'Enter your phone number',
      tenantRequired: 'Please enter the tenant ID',
      usernameRequired: 'Please enter your username',
      passwordRequired: 'Please enter your password',
      codeRequired: 'Please enter the code',
      submit: 'Sign in',
      submitting: 'Signing in…',
      captchaReload: 'Hard to read? Click for another',
      captchaFailed: 'The code image did not load; click to retry',
      social: 'Third-party sign-in',
      socialSigningIn: 'Signing in with your third-party account…',
      socialStateMismatch: 'The third-party sign-in could not be verified. Please sign in again.',
      language: 'Language',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
    },
    tabs: {
      home: 'Home',
    },
  },
};

registerMessages(kernelMessages);
