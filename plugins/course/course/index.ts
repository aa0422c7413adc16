import { defineResource } from '../../../core/sdk/shared';
import { COURSE_STATUS_CODE, courseEntity } from './entity';

export { COURSE_STATE, COURSE_STATUS_CODE, courseCategoryDictionary, courseEntity, courseStates } from './entity';

/** The plugin's menu group, 课程管理, which both screens hang under. */
export const COURSE_GROUP = 'course_manage';

/**
 * 课程列表 under 课程管理: the courses with their cover, time, place, price and seats, and the status
 * moves each course allows. The demo `user` role may look.
 */
export const courseResource = defineResource({
  entity: courseEntity,
  menu: { parent: COURSE_GROUP, name: { zh: '课程列表', en: 'Course list' }, path: '/course/list', icon: 'book', sort: 1 },
  grants: { user: ['view'] },
  buttons: [{ code: COURSE_STATUS_CODE, name: { zh: '状态流转', en: 'Change status' }, alias: 'status', icon: 'swap', sort: 5, action: 2 }],
  screen: () => import('./CoursePage'),
});

/** The screen's own texts, under `course.course`. */
export const courseMessages = {
  zh: {
    time: '上课时间',
    seats: '名额',
    full: '已满',
    free: '免费',
    online: '线上',
    openLink: '打开线上链接',
    moveTo: '{{state}}',
    moveTitle: '变更课程状态',
    moveConfirm: '确定将课程「{{title}}」从「{{from}}」变为「{{to}}」吗？',
    moved: '课程已变为「{{state}}」',
    seatsLabel: '已通过 {{taken}} 人，共 {{capacity}} 个名额',
    actions: {
      1: '开放报名',
      2: '截止报名',
      0: '退回草稿',
      3: '结束课程',
    },
  },
  en: {
    time: 'Time',
    seats: 'Seats',
    full: 'Full',
    free: 'Free',
    online: 'Online',
    openLink: 'Open the online link',
    moveTo: '{{state}}',
    moveTitle: 'Change the course status',
    moveConfirm: 'Move the course "{{title}}" from "{{from}}" to "{{to}}"?',
    moved: 'The course is now "{{state}}"',
    seatsLabel: '{{taken}} approved of {{capacity}} seats',
    actions: {
      1: 'Open',
      2: 'Close',
      0: 'To draft',
      3: 'Finish',
    },
  },
};
