import { CardLink, CardLinks, FigureTile, HomeFigures, HomeSummary, useTranslation } from '../../../core/sdk/home';
import { orderSummaryQuery, paidOrdersLink, todayOrdersLink } from './summary';

/** 商城今日: the orders placed today and what was paid today, each against yesterday, and the ways to the orders. */
export default function MallTodayCard() {
  const { t } = useTranslation();
  return (
    <HomeSummary query={orderSummaryQuery} failed={t('mall.home.loadFailed')}>
      {({ today, yesterday }) => (
        <div>
          <HomeFigures>
            <FigureTile testId="mall-today-orders" title={t('mall.home.orders')} value={today.orders} yesterday={yesterday.orders} />
            <FigureTile testId="mall-today-takings" title={t('mall.home.takings')} value={today.takings} yesterday={yesterday.takings} kind="money" />
          </HomeFigures>
          <CardLinks>
            <CardLink to={todayOrdersLink(new Date())}>{t('mall.home.todayOrders')}</CardLink>
            <CardLink to={paidOrdersLink()}>{t('mall.home.paidOrders')}</CardLink>
          </CardLinks>
        </div>
      )}
    </HomeSummary>
  );
}
