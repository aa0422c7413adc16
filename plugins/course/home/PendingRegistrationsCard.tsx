import { CardLink, FigureTile, HomeFigures, HomeSummary, query, useTranslation } from '../../../core/sdk/home';
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
  return (
    <HomeSummary query={summaryQuery} failed={t('course.home.loadFailed')}>
      {({ pending, startingSoon }) => (
        <div>
          <HomeFigures>
            <FigureTile testId="course-home-pending" title={t('course.home.pending')} value={pending} attention />
            <FigureTile testId="course-home-soon" title={t('course.home.startingSoon', { days: SOON_DAYS })} value={startingSoon} />
          </HomeFigures>
          {pending > 0 ? <CardLink to={PENDING_LIST_PATH}>{t('course.home.review')}</CardLink> : <div className="course-home-done">{t('course.home.allDone')}</div>}
        </div>
      )}
    </HomeSummary>
  );
}
