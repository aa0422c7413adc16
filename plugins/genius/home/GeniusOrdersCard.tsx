import type { MouseEvent } from 'react';
import { Button, Skeleton } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { query, useQuery, useTranslation } from '../../../core/sdk/home';
import { formatYuan } from '../../../core/sdk/shared';
import { changeOf, todaysOrdersLink, type OrderSummary } from './summary';
import './home.css';

const summaryQuery = query<OrderSummary>('/api/genius/order', '/api/genius/order/summary', { cacheFor: 60_000 });

/** ▲ 25% / ▼ 10% / 持平 / ▲ 昨日为 0 against yesterday; the arrow's meaning is said in words for a screen reader. */
function Change({ today, yesterday }: { today: number; yesterday: number }) {
  const { t, i18n } = useTranslation();
  const change = changeOf(today, yesterday);
  const percent = 'ratio' in change ? new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', { style: 'percent', maximumFractionDigits: 1 }).format(change.ratio) : '';
  const shown = change.kind === 'up' ? `▲${percent}` : change.kind === 'down' ? `▼${percent}` : change.kind === 'fromZero' ? `▲${t('genius.home.yesterdayZero')}` : t('genius.home.same');
  const spoken =
    change.kind === 'up' || change.kind === 'down'
      ? `${t('genius.home.vsYesterday')} ${t(`genius.home.${change.kind}`)} ${percent}`
      : change.kind === 'fromZero'
        ? t('genius.home.yesterdayZero')
        : `${t('genius.home.vsYesterday')} ${t('genius.home.same')}`;
  return (
    <span className={`genius-home-change genius-home-change-${change.kind}`} data-testid="genius-home-change" aria-label={spoken}>
      <span aria-hidden="true">{shown}</span>
      {change.kind === 'up' || change.kind === 'down' || change.kind === 'same' ? (
        <span className="genius-home-versus" aria-hidden="true">
          {t('genius.home.vsYesterday')}
        </span>
      ) : null}
    </span>
  );
}

function Figure({ id, title, value, today, yesterday, below }: { id: string; title: string; value: string; today: number; yesterday: number; below: string }) {
  return (
    <div className="genius-home-figure" data-testid={`genius-home-${id}`}>
      <div className="genius-home-figure-title">{title}</div>
      <div className="genius-home-figure-value">{value}</div>
      <div className="genius-home-figure-below">
        <Change today={today} yesterday={yesterday} />
        <span className="genius-home-yesterday">{below}</span>
      </div>
    </div>
  );
}

/**
 * 达人订单: today's new orders and takings against yesterday's, in the server's day, and the way to
 * today's orders in the list (its create-time filter in the address). Shown to holders of the list's
 * view button, who may open it.
 */
export default function GeniusOrdersCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useQuery(summaryQuery);
  if (summary.failed && !summary.data) {
    return (
      <div className="genius-home-failed" role="alert">
        <span>{t('genius.home.loadFailed')}</span>
        <Button size="small" onClick={() => void summary.reload()}>
          {t('genius.home.retry')}
        </Button>
      </div>
    );
  }
  if (!summary.data) {
    return (
      <div role="status" aria-label={t('genius.home.loading')}>
        <Skeleton animation text={{ rows: 2 }} />
      </div>
    );
  }
  const { today, yesterday, date } = summary.data;
  const link = todaysOrdersLink(date);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link);
  };
  return (
    <div className="genius-home">
      <div className="genius-home-figures">
        <Figure
          id="orders"
          title={t('genius.home.orders')}
          value={String(today.orders)}
          today={today.orders}
          yesterday={yesterday.orders}
          below={t('genius.home.yesterdayOrders', { count: yesterday.orders })}
        />
        <Figure
          id="takings"
          title={t('genius.home.takings')}
          value={formatYuan(today.takings, { symbol: true })}
          today={today.takings}
          yesterday={yesterday.takings}
          below={t('genius.home.yesterdayTakings', { amount: formatYuan(yesterday.takings, { symbol: true }) })}
        />
      </div>
      <a className="genius-home-link" href={link} onClick={go}>
        {t('genius.home.open')} →
      </a>
    </div>
  );
}
