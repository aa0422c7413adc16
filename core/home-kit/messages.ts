import { registerMessages } from '../i18n';

/** The home kit's own texts (under `homeKit`): what every figure card says alike. */
export const homeKitMessages = {
  zh: {
    homeKit: {
      vsYesterday: '较昨日',
      up: '上升 {{percent}}',
      down: '下降 {{percent}}',
      same: '持平',
      yesterdayZero: '昨日为 0',
      yesterday: '昨日 {{value}}',
      loading: '加载中',
      retry: '重试',
    },
  },
  en: {
    homeKit: {
      vsYesterday: 'vs yesterday',
      up: 'up {{percent}}',
      down: 'down {{percent}}',
      same: 'no change',
      yesterdayZero: 'none yesterday',
      yesterday: 'Yesterday {{value}}',
      loading: 'Loading',
      retry: 'Retry',
    },
  },
};
registerMessages(homeKitMessages);
