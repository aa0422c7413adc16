import { CardLink, FigureTile, HomeFigures, HomeSummary, query, useTranslation } from '../../../core/sdk/home';
import { formatYuan } from '../../../core/sdk/shared';
import { PAY } from '../order/states';
import { ORDER_RESOURCE, SUMMARY_URL, type CertificateOrderSummary } from '../order/summary-shape';
import './home.css';

/** The summary, read once for both cards (the second finds the first one's answer in the cache). */
const summaryQuery = query<CertificateOrderSummary>(ORDER_RESOURCE, SUMMARY_URL, { cacheFor: 60_000 });

/** The order list's address filtered to one payment state (the list keeps its filters under `list.f.`). */
export const ordersInPayState = (state: number) => `/certificate/order?list.f.payState_equal=${state}`;

/** 证书今日: new orders and takings today against yesterday, and the way to the orders. */
export function CertificatesTodayCard() {
  const { t } = useTranslation();
  return (
    <HomeSummary query={summaryQuery} failed={t('certificate.home.loadFailed')}>
      {({ today, yesterday }) => (
        <div>
          <HomeFigures>
            <FigureTile testId="cert-today-orders" title={t('certificate.home.orders')} value={today.orders} yesterday={yesterday.orders} />
            <FigureTile testId="cert-today-takings" title={t('certificate.home.takings')} value={today.takings} yesterday={yesterday.takings} kind="money" />
          </HomeFigures>
          <CardLink to="/certificate/order">{t('certificate.home.openOrders')}</CardLink>
        </div>
      )}
    </HomeSummary>
  );
}

/** 退款中: how many refunds are under way and how much they return, and the way to those orders. */
export function RefundingCard() {
  const { t } = useTranslation();
  return (
    <HomeSummary query={summaryQuery} failed={t('certificate.home.loadFailed')}>
      {({ refunding }) => (
        <div data-testid="cert-refunding">
          {refunding.count > 0 ? (
            <>
              <div className="ba-figure-value">{t('certificate.home.refundingCount', { count: refunding.count })}</div>
              <div className="cert-home-amount">{t('certificate.home.refundingAmount', { amount: formatYuan(refunding.amount, { symbol: true }) })}</div>
            </>
          ) : (
            <div className="cert-home-none">{t('certificate.home.noRefunding')}</div>
          )}
          <CardLink to={ordersInPayState(PAY.refunding)}>{t('certificate.home.openRefunding')}</CardLink>
        </div>
      )}
    </HomeSummary>
  );
}
