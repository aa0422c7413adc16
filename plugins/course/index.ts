import { definePlugin } from '../../core/sdk/shared';

/** 课程管理: courses and the registrations for them, approved while seats remain. */
export default definePlugin({
  id: 'course',
  name: { zh: '课程管理', en: 'Courses' },
  requires: ['dict'],
  menus: [{ code: 'course', name: { zh: '课程管理', en: 'Courses' }, path: '/course', icon: 'book', sort: 8, group: true, roles: ['user'], topMenu: 'top_mall' }],
  resources: [],
  messages: {
    zh: { course: {} },
    en: { course: {} },
  },
});
