import { defineEntity, defineStateMachine, HTTP_URL_RULE, stateOptions, type DictionaryDecl } from '../../../core/sdk/shared';

/**
 * A course: a session people register for, taught at a place or online, with a number of seats.
 * Its state moves only through the status call (draft → open → closed → finished, and back where it
 * makes sense); `registeredCount` is the seats the approvals took, kept by them and never written by a
 * form.
 */

export const COURSE_STATE = { draft: 0, open: 1, closed: 2, finished: 3 } as const;

export const courseStates = defineStateMachine({
  subject: { zh: '课程', en: 'The course' },
  states: [
    { value: COURSE_STATE.draft, label: { zh: '草稿', en: 'Draft' }, color: 'gray' },
    { value: COURSE_STATE.open, label: { zh: '报名中', en: 'Open' }, color: 'green' },
    { value: COURSE_STATE.closed, label: { zh: '已截止', en: 'Closed' }, color: 'orange' },
    { value: COURSE_STATE.finished, label: { zh: '已结束', en: 'Finished' }, color: 'arcoblue' },
  ],
  moves: {
    [COURSE_STATE.draft]: [COURSE_STATE.open],
    [COURSE_STATE.open]: [COURSE_STATE.closed, COURSE_STATE.draft],
    [COURSE_STATE.closed]: [COURSE_STATE.open, COURSE_STATE.finished],
  },
});

/** The permission code of the course's status moves. */
export const COURSE_STATUS_CODE = 'course_status';

export const courseCategoryDictionary: DictionaryDecl = {
  code: 'course_category',
  name: { zh: '课程分类', en: 'Course category' },
  items: [
    { key: '1', value: { zh: '管理', en: 'Management' } },
    { key: '2', value: { zh: '营销', en: 'Marketing' } },
    { key: '3', value: { zh: '技术', en: 'Technology' } },
    { key: '4', value: { zh: '财务', en: 'Finance' } },
  ],
};

/** The most seats a course offers. */
export const MAX_CAPACITY = 100_000;

export const courseEntity = defineEntity({
  name: 'course',
  table: 'course',
  label: { zh: '课程', en: 'Course' },
  api: { base: '/api/course', list: 'page' },
  sort: { field: 'startTime', order: 'desc' },
  fields: {
    cover: { type: 'image', label: { zh: '封面', en: 'Cover' }, width: 72 },
    title: { type: 'string', label: { zh: '课程名称', en: 'Title' }, required: true, maxLength: 100, search: 'like', width: 180 },
    // The list shows the teacher and the category under the title.
    teacher: { type: 'string', label: { zh: '讲师', en: 'Teacher' }, required: true, maxLength: 64, search: 'like', list: false },
    category: { type: 'select', label: { zh: '课程分类', en: 'Category' }, dict: { code: courseCategoryDictionary.code, numeric: true }, search: 'equal', list: false },
    startTime: { type: 'datetime', label: { zh: '开始时间', en: 'Starts' }, required: true, search: 'range', sortable: true, width: 145 },
    endTime: { type: 'datetime', label: { zh: '结束时间', en: 'Ends' }, required: true, list: false },
    place: { type: 'string', label: { zh: '上课地点', en: 'Place' }, maxLength: 200, width: 110 },
    onlineUrl: { type: 'string', label: { zh: '线上链接', en: 'Online link' }, maxLength: 500, pattern: HTTP_URL_RULE, list: false },
    capacity: { type: 'integer', label: { zh: '人数上限', en: 'Capacity' }, required: true, min: 1, max: MAX_CAPACITY, default: 30, list: false },
    price: { type: 'money', label: { zh: '价格', en: 'Price' }, default: 0, sortable: true, width: 110 },
    deadline: { type: 'datetime', label: { zh: '报名截止', en: 'Registration deadline' }, list: false },
    registeredCount: {
      type: 'integer',
      label: { zh: '已报名', en: 'Enrolled' },
      writable: 'never',
      form: { add: false, edit: false, view: true },
      sortable: true,
      width: 110,
    },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: stateOptions(courseStates), writable: 'never', form: { add: false, edit: false, view: true }, search: 'equal', width: 100 },
    introduction: { type: 'richtext', label: { zh: '课程介绍', en: 'Introduction' }, list: false, span: 24 },
  },
});
