import type { HomeCardDecl } from '../../../core/sdk/shared';
import { CHART_VIEW } from '../chart';

// Both bodies live in one module, so the home page fetches one small chunk for the two cards.
const cards = () => import('./VisitHomeCards');

/**
 * The visit plugin's cards on the home page: today against yesterday, and the last 30 days as a line.
 * Both read the statistics, so they are shown to those who may view them.
 */
export const visitHomeCards: HomeCardDecl[] = [
  {
    id: 'visitors-today',
    title: { zh: '今日访客', en: 'Visitors today' },
    code: CHART_VIEW,
    sort: 10,
    load: () => cards().then((m) => ({ default: m.VisitorsTodayCard })),
  },
  {
    id: 'visits-30-days',
    title: { zh: '近30天访问', en: 'Visits, last 30 days' },
    code: CHART_VIEW,
    span: 2,
    sort: 11,
    load: () => cards().then((m) => ({ default: m.VisitsTrendCard })),
  },
];

export const homeMessages = {
  zh: {
    visits: '访问量',
    visitors: '访客数',
    openRecords: '查看访客记录',
    openChart: '查看访客统计',
    loadFailed: '访问数据加载失败',
    total: '共 {{pv}} 次访问',
    perDay: '日均 {{count}}',
    peak: '最高 {{count}}（{{date}}）',
    sparkLabel: '{{start}} 至 {{end}} 每日访问量折线：共 {{pv}} 次，单日最多 {{max}} 次（{{maxDate}}），今日 {{today}} 次',
  },
  en: {
    visits: 'Visits',
    visitors: 'Visitors',
    openRecords: 'Visit records',
    openChart: 'Visit statistics',
    loadFailed: 'The visits could not be loaded',
    total: '{{pv}} visits',
    perDay: '{{count}} a day',
    peak: 'Peak {{count}} ({{date}})',
    sparkLabel: 'Visits per day from {{start}} to {{end}}: {{pv}} in all, at most {{max}} in a day ({{maxDate}}), {{today}} today',
  },
};
