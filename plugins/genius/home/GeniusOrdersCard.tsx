import { CardLink, FigureTile, HomeFigures, HomeSummary, query, useTranslation } from '../../../core/sdk/home';
import { todaysOrdersLink, type OrderSummary } from './summary';

const summaryQuery = query<OrderSummary>('/api/genius/order', '/api/genius/order/summary', { cacheFor: 60_000 });

/**
 * 达人订单: today's new orders and takings against yesterday's, in the server's day, and the way to
 * today's orders in the list (its create-time filter in the address). Shown to holders of the list's
 * view button, who may open it.
 */
export default function GeniusOrdersCard() {
  const { t } = useTranslation();
  return (
    <HomeSummary query={summaryQuery} failed={t('genius.home.loadFailed')}>
      {({ today, yesterday, date }) => (
        <div>
          <HomeFigures>
            <FigureTile
              testId="genius-home-orders"
              title={t('genius.home.orders')}
              value={today.orders}
              yesterday={yesterday.orders}
              yesterdayText={t('genius.home.yesterdayOrders', { count: yesterday.orders })}
            />
            <FigureTile testId="genius-home-takings" title={t('genius.home.takings')} value={today.takings} yesterday={yesterday.takings} kind="money" />
          </HomeFigures>
          <CardLink to={todaysOrdersLink(date)}>{t('genius.home.open')}</CardLink>
        </div>
      )}
    </HomeSummary>
  );
}
