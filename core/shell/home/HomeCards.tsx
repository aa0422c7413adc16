import { Component, Suspense, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Skeleton } from '@arco-design/web-react';
import { localText, useTranslation } from '../../i18n';
import { useKernel } from '../../kernel/context';
import { session } from '../../session/session';
import { forgetPage, lazyPage } from '../lazy';
import { usePluginLoader, usePluginRegistry } from '../plugins-context';
import { Result } from '../Result';
import { homeCards, type HomeCard } from './cards';
import '../locales/shellui';
import './home.css';

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
  failed: string;
  retry: string;
}

/** Keeps a failing card inside its own frame, with a retry; the other cards go on. */
class CardBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="warning"
        title={this.props.failed}
        extra={
          <Button size="small" type="primary" onClick={this.props.onRetry}>
            {this.props.retry}
          </Button>
        }
      />
    );
  }
}

function HomeCardFrame({ card }: { card: HomeCard }) {
  const { t } = useTranslation();
  // A new attempt remounts the boundary and, its loader forgotten, fetches the chunk again.
  const [attempt, setAttempt] = useState(0);
  const Body = lazyPage(card.decl.load);
  const retry = () => {
    forgetPage(card.decl.load);
    setAttempt((n) => n + 1);
  };
  return (
    <Card
      className={`ba-home-card ba-home-span-${card.decl.span ?? 1}`}
      bordered={false}
      title={localText(card.decl.title)}
      data-testid={`home-card-${card.key}`}
    >
      <CardBoundary key={attempt} onRetry={retry} failed={t('home.cardFailed')} retry={t('home.cardRetry')}>
        <Suspense
          fallback={
            <div role="status" aria-label={t('home.cardLoading')}>
              <Skeleton animation text={{ rows: 2 }} />
            </div>
          }
        >
          <Body />
        </Suspense>
      </CardBoundary>
    </Card>
  );
}

/**
 * The cards the tenant's plugins contribute to the home page. While the tenant's plugins are still
 * arriving, a placeholder of a card's size (not `empty`, which would flash before the cards); `empty`
 * when none of them gives this user a card.
 */
export const HomeCards = observer(function HomeCards({ empty = null }: { empty?: ReactNode }) {
  const { t } = useTranslation();
  const registry = usePluginRegistry();
  const loader = usePluginLoader();
  const { can, preferences } = useKernel();
  if (!registry) return <>{empty}</>;
  // Until the menu (the user's codes) and the tenant's plugins are in, which cards apply is unknown.
  if (loader?.pending || session.menuState === 'idle' || session.menuState === 'loading') {
    return (
      <section className="ba-home-cards" role="status" aria-label={t('home.cardsLoading')} data-testid="home-cards-loading">
        <Card className="ba-home-card ba-home-span-3" bordered={false}>
          <Skeleton animation text={{ rows: 3 }} />
        </Card>
      </section>
    );
  }
  registry.routes(); // observable: the tenant's plugins (and their cards) arrive after sign-in
  void preferences.language; // titles follow the language
  const cards = homeCards(registry.plugins(), can);
  if (cards.length === 0) return <>{empty}</>;
  return (
    <section className="ba-home-cards">
      {cards.map((card) => (
        <HomeCardFrame key={card.key} card={card} />
      ))}
    </section>
  );
});
