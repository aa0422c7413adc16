import { registerMessages } from '../../i18n';

/**
 * Texts of the main layout: the sidebar, the tab strip's actions and the states of its panes (the home
 * tab's own label is a kernel text, the tabs store names it). They come with the layout's chunk, not with
 * the sign-in page. The Chinese texts are the product's own wording, kept verbatim.
 */
export const layoutMessages = {
  zh: {
    tabs: {
      menu: '标签操作',
      search: '搜索',
      closeOthers: '关闭其他',
      closeAll: '关闭全部',
      clearCache: '清除缓存',
      clearCacheConfirm: '是否需要清除缓存?',
      clearCacheDone: '清除完毕',
      confirmTitle: '提示',
      unsaved: '有未保存的修改',
      unsavedTitle: '放弃未保存的修改？',
      unsavedContent: '关闭后，{{pages}} 中未保存的修改将丢失。',
      listSeparator: '、',
      discard: '放弃修改并关闭',
    },
    layout: {
      collapse: '收起菜单',
      expand: '展开菜单',
      menuEmpty: '暂无可用菜单',
      menuLoading: '正在加载菜单…',
      menuFailed: '菜单加载失败',
      menuRetry: '重试',
      pluginsLoading: '正在加载功能模块…',
      pluginsFailed: '功能模块加载失败',
      iframeLoading: '页面加载中…',
      skipToContent: '跳到主要内容',
    },
  },
  en: {
    tabs: {
      menu: 'Tab actions',
      search: 'Search',
      closeOthers: 'Close others',
      closeAll: 'Close all',
      clearCache: 'Clear cache',
      clearCacheConfirm: 'Clear the cache?',
      clearCacheDone: 'Cache cleared',
      confirmTitle: 'Confirm',
      unsaved: 'unsaved changes',
      unsavedTitle: 'Discard the unsaved changes?',
      unsavedContent: 'Closing loses the unsaved changes of {{pages}}.',
      listSeparator: ', ',
      discard: 'Discard and close',
    },
    layout: {
      collapse: 'Collapse menu',
      expand: 'Expand menu',
      menuEmpty: 'No menu available',
      menuLoading: 'Loading the menu…',
      menuFailed: 'The menu could not be loaded',
      menuRetry: 'Retry',
      pluginsLoading: 'Loading the modules…',
      pluginsFailed: 'The modules could not be loaded',
      iframeLoading: 'Loading the page…',
      skipToContent: 'Skip to main content',
    },
  },
};

registerMessages(layoutMessages);
