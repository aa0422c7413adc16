import type { HomeCardDecl } from '../../../core/sdk/shared';

/** The registrations list, filtered to the pending ones (the kit's list reads its filters from the address). */
export const PENDING_LIST_PATH = '/course/register?list.f.status_equal=0';

/** The card shows to those who may view the registrations, the screen it leads to. */
export const REGISTER_VIEW_CODE = 'course_register_view';

/** 待审核报名: the registrations waiting for a decision, and the courses starting within a week. */
export const courseHomeCards: HomeCardDecl[] = [
  {
    id: 'registrations-to-review',
    title: { zh: '待审核报名', en: 'Registrations to review' },
    code: REGISTER_VIEW_CODE,
    sort: 40,
    load: () => import('./PendingRegistrationsCard'),
  },
];

export const homeMessages = {
  zh: {
    pending: '待审核',
    startingSoon: '{{days}}天内开课的课程',
    review: '去审核',
    allDone: '报名都已审核',
    loadFailed: '报名数据加载失败',
  },
  en: {
    pending: 'Waiting for review',
    startingSoon: 'Courses starting within {{days}} days',
    review: 'Review them',
    allDone: 'Every registration is reviewed',
    loadFailed: 'The registrations could not be loaded',
  },
};
