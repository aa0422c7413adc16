import { useTranslation } from '../i18n';
import { changeOf, formatPercent } from './change';
import './messages';
import './home-kit.css';

/** ▲ 12.5% 较昨日 / ▼ 3% 较昨日 / 持平 较昨日 / ▲ 昨日为 0: today against yesterday; the arrow's meaning is spoken too. */
export function ChangeBadge({ today, yesterday }: { today: number; yesterday: number }) {
  const { t, i18n } = useTranslation();
  const change = changeOf(today, yesterday);
  const versus = t('homeKit.vsYesterday');
  if (change.kind === 'fromZero') {
    // "None yesterday" already says what it compares with.
    const text = t('homeKit.yesterdayZero');
    return (
      <span className="ba-change ba-change-fromZero" data-testid="home-change" aria-label={text}>
        <span aria-hidden="true">
          <span className="ba-change-arrow">▲</span>
          {text}
        </span>
      </span>
    );
  }
  const percent = change.kind === 'same' ? '' : formatPercent(change.ratio, i18n.language);
  const shown = change.kind === 'same' ? t('homeKit.same') : percent;
  const spoken = change.kind === 'same' ? shown : t(`homeKit.${change.kind}`, { percent });
  return (
    <span className={`ba-change ba-change-${change.kind}`} data-testid="home-change" aria-label={`${versus} ${spoken}`}>
      <span aria-hidden="true">
        {change.kind !== 'same' && <span className="ba-change-arrow">{change.kind === 'up' ? '▲' : '▼'}</span>}
        {shown}
        <span className="ba-change-versus">{versus}</span>
      </span>
    </span>
  );
}
