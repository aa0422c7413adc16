import type { MouseEvent, ReactNode } from 'react';
import { Button, Skeleton } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { formatYuan } from '../../../core/sdk/shared';
import { useQuery, useTranslation } from '../../../core/sdk/home';
import { changeOf, orderSummaryQuery, paidOrdersLink, todayOrdersLink, type Change } from './summary';
import './home.css';

/** A link inside the card that navigates in the app (and still opens in a new tab with a modifier). */
function CardLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a className="mall-home-link" href={to} onClick={go}>
      {children} →
    </a>
  );
}

/** ▲ 12.5% / ▼ 3% / 持平 against yesterday; the arrow's meaning is spoken too. */
function ChangeBadge({ change }: { change: Change }) {
  const { t, i18n } = useTranslation();
  const percent = change.kind === 'up' || change.kind === 'down' ? new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', { style: 'percent', maximumFractionDigits: 1 }).format(change.ratio) : '';
  const [arrow, shown, spoken] =
    change.kind === 'up'
      ? ['▲', percent, `${t('mall.home.vsYesterday')} ${t('mall.home.up', { percent })}`]
      : change.kind === 'down'
        ? ['▼', percent, `${t('mall.home.vsYesterday')} ${t('mall.home.down', { percent })}`]
        : change.kind === 'fromZero'
          ? ['▲', t('mall.home.yesterdayZero'), t('mall.home.yesterdayZero')]
          : ['', t('mall.home.same'), `${t('mall.home.vsYesterday')} ${t('mall.home.same')}`];
  return (
    <span className={`mall-home-change mall-home-change-${change.kind}`} data-testid="mall-change" aria-label={spoken}>
      <span aria-hidden="true">
        {arrow && <span className="mall-home-change-arrow">{arrow}</span>}
        {shown}
        {change.kind !== 'fromZero' && <span className="mall-home-change-versus">{t('mall.home.vsYesterday')}</span>}
      </span>
    </span>
  );
}

function Figure({ id, title, today, yesterday, show }: { id: string; title: string; today: number; yesterday: number; show: (value: number) => string }) {
  const { t } = useTranslation();
  return (
    <div className="mall-home-figure" data-testid={`mall-today-${id}`}>
      <div className="mall-home-figure-title">{title}</div>
      <div className="mall-home-figure-value">{show(today)}</div>
      <div className="mall-home-figure-below">
        <ChangeBadge change={changeOf(today, yesterday)} />
        <span className="mall-home-yesterday">{t('mall.home.yesterday', { value: show(yesterday) })}</span>
      </div>
    </div>
  );
}

const yuan = (fen: number) => formatYuan(fen, { symbol: true });

/** 商城今日: the orders placed today and what was paid today, each against yesterday, and the ways to the orders. */
export default function MallTodayCard() {
  const { t } = useTranslation();
  const summary = useQuery(orderSummaryQuery);
  if (summary.failed && !summary.data) {
    return (
      <div className="mall-home-failed" role="alert">
        <span>{t('mall.home.loadFailed')}</span>
        <Button size="small" onClick={() => void summary.reload()}>
          {t('mall.home.retry')}
        </Button>
      </div>
    );
  }
  if (!summary.data) {
    return (
      <div role="status" aria-label={t('mall.home.loading')}>
        <Skeleton animation text={{ rows: 2 }} />
      </div>
    );
  }
  const { today, yesterday } = summary.data;
  return (
    <div className="mall-home-today">
      <div className="mall-home-figures">
        <Figure id="orders" title={t('mall.home.orders')} today={today.orders} yesterday={yesterday.orders} show={String} />
        <Figure id="takings" title={t('mall.home.takings')} today={today.takings} yesterday={yesterday.takings} show={yuan} />
      </div>
      <div className="mall-home-links">
        <CardLink to={todayOrdersLink(new Date())}>{t('mall.home.todayOrders')}</CardLink>
        <CardLink to={paidOrdersLink()}>{t('mall.home.paidOrders')}</CardLink>
      </div>
    </div>
  );
}
