import { Card } from '@arco-design/web-react';
import { useTranslation } from '../../i18n';
import '../locales/shellui';
import './home.css';

/**
 * Where the plugins' cards would be, when none of the tenant's features gives this user one: says what
 * the space is for and where to start, in the frame a card would have, so the page still has its shape.
 */
export function HomeCardsEmpty() {
  const { t } = useTranslation();
  return (
    <Card className="ba-home-empty" bordered={false} data-testid="home-cards-empty">
      <svg className="ba-home-empty-art" viewBox="0 0 120 88" aria-hidden="true" focusable="false">
        <rect x="8" y="14" width="64" height="60" rx="8" className="ba-home-empty-back" />
        <rect x="28" y="6" width="84" height="62" rx="8" className="ba-home-empty-front" />
        <rect x="40" y="20" width="30" height="6" rx="3" className="ba-home-empty-line" />
        <path d="M40 56 L56 42 L68 50 L84 34 L100 44" className="ba-home-empty-chart" />
        <circle cx="84" cy="34" r="3.5" className="ba-home-empty-dot" />
      </svg>
      <div className="ba-home-empty-text">
        <h2>{t('home.noCardsTitle')}</h2>
        <p>{t('home.noCards')}</p>
      </div>
    </Card>
  );
}
