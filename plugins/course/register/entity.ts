import { defineEntity, defineStateMachine, MOBILE_REQUIRED, MOBILE_RULES, stateOptions } from '../../../core/sdk/shared';

/**
 * A registration for a course: who, how to reach them, and where it stands. An approval takes one of
 * the course's seats and a cancellation gives it back, so the course's `registeredCount` always equals
 * its approved (and attended) registrations; refused and cancelled are final.
 */

export const REGISTER_STATE = { pending: 0, approved: 1, refused: 2, cancelled: 3, attended: 4 } as const;

export const registerStates = defineStateMachine({
  subject: { zh: '报名', en: 'The registration' },
  states: [
    { value: REGISTER_STATE.pending, label: { zh: '待审核', en: 'Pending' }, color: 'orange' },
    { value: REGISTER_STATE.approved, label: { zh: '已通过', en: 'Approved' }, color: 'green' },
    { value: REGISTER_STATE.refused, label: { zh: '已拒绝', en: 'Refused' }, color: 'red' },
    { value: REGISTER_STATE.cancelled, label: { zh: '已取消', en: 'Cancelled' }, color: 'gray' },
    { value: REGISTER_STATE.attended, label: { zh: '已签到', en: 'Attended' }, color: 'arcoblue' },
  ],
  moves: {
    [REGISTER_STATE.pending]: [REGISTER_STATE.approved, REGISTER_STATE.refused],
    [REGISTER_STATE.approved]: [REGISTER_STATE.attended, REGISTER_STATE.cancelled],
  },
});

/** The states that hold one of the course's seats. */
export const SEAT_STATES: readonly number[] = [REGISTER_STATE.approved, REGISTER_STATE.attended];

/** The permission code of the registration's status moves. */
export const REGISTER_STATUS_CODE = 'course_register_status';

/** The courses a registration may name, as the form's choices (id, title, status, seats). */
export const COURSE_CHOICES_URL = '/api/course/select';

export const registerEntity = defineEntity({
  name: 'course_register',
  table: 'course_register',
  label: { zh: '课程报名', en: 'Registration' },
  api: { base: '/api/course/register', list: 'page' },
  sort: { field: 'createTime', order: 'desc' },
  createTimeRange: true,
  unique: [{ fields: ['courseId', 'mobile'], message: { zh: '该手机号已报名此课程', en: 'This mobile number has already registered for this course' } }],
  fields: {
    courseId: {
      type: 'id',
      label: { zh: '报名课程', en: 'Course' },
      required: true,
      // A registration stays with its course: moving it would carry a seat between courses.
      writable: 'create',
      source: { url: COURSE_CHOICES_URL, label: 'title' },
      search: 'equal',
      width: 220,
    },
    name: { type: 'string', label: { zh: '姓名', en: 'Name' }, required: true, maxLength: 64, search: 'like', width: 110 },
    mobile: { type: 'string', label: { zh: '手机号码', en: 'Mobile' }, required: MOBILE_REQUIRED, pattern: MOBILE_RULES, search: 'like', width: 140 },
    company: { type: 'string', label: { zh: '单位', en: 'Company' }, maxLength: 100, width: 180 },
    position: { type: 'string', label: { zh: '职位', en: 'Position' }, maxLength: 64, width: 110 },
    remark: { type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 500, list: false },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: stateOptions(registerStates), writable: 'never', form: { add: false, edit: false, view: true }, search: 'equal', width: 104 },
  },
});
