import type { ReactNode } from 'react';
import { formatYuan } from '../schema/money';
import { useTranslation } from '../i18n';
import { ChangeBadge } from './ChangeBadge';
import './messages';
import './home-kit.css';

/** What a figure counts: things (`12`) or money in fen (shown `¥1,234.56`). */
export type FigureKind = 'count' | 'money';

/** A figure as its card shows it. */
export function formatFigure(value: number, kind: FigureKind = 'count'): string {
  return kind === 'money' ? formatYuan(value, { symbol: true }) : String(value);
}

export interface FigureTileProps {
  /** The tile's test id (a card's tests and e2e find its figures by it). */
  testId: string;
  title: string;
  value: number;
  kind?: FigureKind;
  /** Yesterday's figure: with it the tile shows the change and yesterday's figure below. */
  yesterday?: number;
  /** Said below instead of 昨日 <figure> (a card that names its unit: 昨日 4 单). */
  yesterdayText?: string;
  /** A figure that asks for action (waiting reviews): drawn in the warning colour while above zero. */
  attention?: boolean;
}

/** One figure of a home card: its title, the figure large, and how it compares with yesterday's. */
export function FigureTile({ testId, title, value, kind, yesterday, yesterdayText, attention }: FigureTileProps) {
  const { t } = useTranslation();
  return (
    <div className="ba-figure" data-testid={testId}>
      <div className="ba-figure-title">{title}</div>
      <div className={`ba-figure-value${attention && value > 0 ? ' ba-figure-attention' : ''}`}>{formatFigure(value, kind)}</div>
      {yesterday !== undefined && (
        <div className="ba-figure-below">
          <ChangeBadge today={value} yesterday={yesterday} />
          <span className="ba-figure-yesterday">{yesterdayText ?? t('homeKit.yesterday', { value: formatFigure(yesterday, kind) })}</span>
        </div>
      )}
    </div>
  );
}

/** The figures of a card side by side, wrapping on a narrow card. */
export function HomeFigures({ children }: { children: ReactNode }) {
  return <div className="ba-figures">{children}</div>;
}
