/**
 * The kernel as a plugin's home-page card sees it: permissions, texts, keyed reads and HTTP, and nothing
 * else. The home page is every user's first page and loads no table, form or grid code, while
 * core/sdk/browser brings the whole CRUD kit with it: a card imports from here.
 */
export { useCan, useKernel, type Permission } from '../kernel';
export { currentLanguage, localText, useTranslation, type Language } from '../i18n';
export { fetchQuery, query, useQuery, type Query, type QueryState } from '../crud/data';
export { http, withQuery, type Params, type R } from '../http';
export { changeOf, formatPercent, type Change } from '../home-kit/change';
export { ChangeBadge } from '../home-kit/ChangeBadge';
export { FigureTile, HomeFigures, formatFigure, type FigureKind, type FigureTileProps } from '../home-kit/FigureTile';
export { CardLink, CardLinks } from '../home-kit/CardLink';
export { HomeSummary, type HomeSummaryProps } from '../home-kit/HomeSummary';
