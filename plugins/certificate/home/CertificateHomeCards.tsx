import type { MouseEvent, ReactNode } from 'react';
import { Button, Skeleton } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { query, useQuery, useTranslation } from '../../../core/sdk/home';
import { formatYuan } from '../../../core/sdk/shared';
import { PAY } from '../order/states';
import { ORDER_RESOURCE, SUMMARY_URL, type CertificateOrderSummary } from '../order/summary-shape';
import './home.css';

/** The summary, read once for both cards (the second finds the first one's answer in the cache). */
const summaryQuery = query<CertificateOrderSummary>(ORDER_RESOURCE, SUMMARY_URL, { cacheFor: 60_000 });

/** The order list's address filtered to one payment state (the list keeps its filters under `list.f.`). */
export const ordersInPayState = (state: number) => `/certificate/order?list.f.payState_equal=${state}`;

/** A link inside a card that navigates in the app (and still opens in a new tab with a modifier). */
function CardLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a className="cert-home-link" href={to} onClick={go}>
      {children} →
    </a>
  );
}

/** The card's body once the summary is in; a skeleton before, the failure with a retry after a failed load. */
function WithSummary({ children }: { children: (summary: CertificateOrderSummary) => ReactNode }) {
  const { t } = useTranslation();
  const summary = useQuery(summaryQuery);
  if (summary.failed && !summary.data) {
    return (
      <div className="cert-home-failed" role="alert">
        <span>{t('certificate.home.loadFailed')}</span>
        <Button size="small" onClick={() => void summary.reload()}>
          {t('certificate.home.retry')}
        </Button>
      </div>
    );
  }
  if (!summary.data) {
    return (
      <div role="status" aria-label={t('certificate.home.loading')}>
        <Skeleton animation text={{ rows: 2 }} />
      </div>
    );
  }
  return <>{children(summary.data)}</>;
}

/** ▲ 25% / ▼ 10% / 持平 against yesterday, said in words to a screen reader. */
function Change({ today, yesterday }: { today: number; yesterday: number }) {
  const { t } = useTranslation();
  if (today === yesterday) return <span className="cert-home-change cert-home-versus">{t('certificate.home.same')}</span>;
  if (yesterday === 0) {
    return (
      <span className="cert-home-change">
        <span className="is-up">
          <span aria-hidden="true">▲</span>
          {t('certificate.home.fromZero')}
        </span>
      </span>
    );
  }
  const up = today > yesterday;
  const percent = `${Math.round((Math.abs(today - yesterday) / yesterday) * 100)}%`;
  return (
    <span className="cert-home-change" aria-label={t(up ? 'certificate.home.up' : 'certificate.home.down', { percent })}>
      <span aria-hidden="true" className={up ? 'is-up' : 'is-down'}>
        {up ? '▲' : '▼'}
        {percent}
      </span>
      <span aria-hidden="true" className="cert-home-versus">
        {' '}
        {t('certificate.home.vsYesterday')}
      </span>
    </span>
  );
}

function Figure({ id, title, value, today, yesterday, yesterdayText }: { id: string; title: string; value: string; today: number; yesterday: number; yesterdayText: string }) {
  const { t } = useTranslation();
  return (
    <div className="cert-home-figure" data-testid={`cert-today-${id}`}>
      <div className="cert-home-figure-title">{title}</div>
      <div className="cert-home-figure-value">{value}</div>
      <div className="cert-home-figure-below">
        <Change today={today} yesterday={yesterday} />
        <span className="cert-home-yesterday">{t('certificate.home.yesterday', { value: yesterdayText })}</span>
      </div>
    </div>
  );
}

/** 证书今日: new orders and takings today against yesterday, and the way to the orders. */
export function CertificatesTodayCard() {
  const { t } = useTranslation();
  return (
    <WithSummary>
      {({ today, yesterday }) => (
        <div>
          <div className="cert-home-figures">
            <Figure id="orders" title={t('certificate.home.orders')} value={String(today.orders)} today={today.orders} yesterday={yesterday.orders} yesterdayText={String(yesterday.orders)} />
            <Figure
              id="takings"
              title={t('certificate.home.takings')}
              value={formatYuan(today.takings, { symbol: true })}
              today={today.takings}
              yesterday={yesterday.takings}
              yesterdayText={formatYuan(yesterday.takings, { symbol: true })}
            />
          </div>
          <CardLink to="/certificate/order">{t('certificate.home.openOrders')}</CardLink>
        </div>
      )}
    </WithSummary>
  );
}

/** 退款中: how many refunds are under way and how much they return, and the way to those orders. */
export function RefundingCard() {
  const { t } = useTranslation();
  return (
    <WithSummary>
      {({ refunding }) => (
        <div data-testid="cert-refunding">
          {refunding.count > 0 ? (
            <>
              <div className="cert-home-figure-value">{t('certificate.home.refundingCount', { count: refunding.count })}</div>
              <div className="cert-home-amount">{t('certificate.home.refundingAmount', { amount: formatYuan(refunding.amount, { symbol: true }) })}</div>
            </>
          ) : (
            <div className="cert-home-none">{t('certificate.home.noRefunding')}</div>
          )}
          <CardLink to={ordersInPayState(PAY.refunding)}>{t('certificate.home.openRefunding')}</CardLink>
        </div>
      )}
    </WithSummary>
  );
}
