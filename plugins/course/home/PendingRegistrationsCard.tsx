import type { MouseEvent } from 'react';
import { Button, Skeleton } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { query, useQuery, useTranslation } from '../../../core/sdk/home';
import { PENDING_LIST_PATH } from './index';
import './home.css';

/** The summary call's answer. */
interface RegisterSummary {
  pending: number;
  startingSoon: number;
}

/** How far ahead the second figure looks (the server's own window). */
const SOON_DAYS = 7;

/** A read of the registrations' resource: a move or a save of a registration drops it. */
const summaryQuery = query<RegisterSummary>('/api/course/register', '/api/course/register/summary');

/**
 * 待审核报名: how many registrations wait for a decision, with the way to them (the list filtered to the
 * pending ones), and how many courses start within the week.
 */
export default function PendingRegistrationsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useQuery(summaryQuery);
  if (summary.failed && !summary.data) {
    return (
      <div className="course-home-failed" role="alert">
        <span>{t('course.home.loadFailed')}</span>
        <Button size="small" onClick={() => void summary.reload()}>
          {t('course.home.retry')}
        </Button>
      </div>
    );
  }
  if (!summary.data) {
    return (
      <div role="status" aria-label={t('course.home.loading')}>
        <Skeleton animation text={{ rows: 2 }} />
      </div>
    );
  }
  const { pending, startingSoon } = summary.data;
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(PENDING_LIST_PATH);
  };
  return (
    <div className="course-home">
      <div className="course-home-figures">
        <div className="course-home-figure" data-testid="course-home-pending">
          <div className="course-home-figure-title">{t('course.home.pending')}</div>
          <div className={`course-home-figure-value${pending > 0 ? ' course-home-waiting' : ''}`}>{pending}</div>
        </div>
        <div className="course-home-figure" data-testid="course-home-soon">
          <div className="course-home-figure-title">{t('course.home.startingSoon', { days: SOON_DAYS })}</div>
          <div className="course-home-figure-value">{startingSoon}</div>
        </div>
      </div>
      {pending > 0 ? (
        <a className="course-home-link" href={PENDING_LIST_PATH} onClick={go}>
          {t('course.home.review')} →
        </a>
      ) : (
        <div className="course-home-done">{t('course.home.allDone')}</div>
      )}
    </div>
  );
}
