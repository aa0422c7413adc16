import { defineResource } from '../../../core/sdk/shared';
import { festivalEntity } from './entity';

export { festivalEntity } from './entity';

/** 节日 under 名片管理: the kit's list screen, with the next date each festival falls on. The demo `user` role may look. */
export const festivalResource = defineResource({
  entity: festivalEntity,
  menu: { parent: 'card', path: '/card/festival', icon: 'calendar', sort: 4 },
  grants: { user: ['view'] },
  screen: () => import('./FestivalPage'),
});

export const festivalMessages = {
  zh: {
    today: '今天',
    inDays: '{{count}} 天后',
    month: '月',
    day: '日',
    monthOf: '{{month}}月',
    dayOf: '{{day}}日',
    companiesPlaceholder: '请选择适用公司',
    companiesFailed: '公司列表加载失败',
    retry: '重试',
  },
  en: {
    today: 'Today',
    inDays: 'in {{count}} days',
    month: 'Month',
    day: 'Day',
    monthOf: '{{month}}',
    dayOf: '{{day}}',
    companiesPlaceholder: 'Please choose the companies',
    companiesFailed: 'The companies could not be loaded',
    retry: 'Retry',
  },
};
