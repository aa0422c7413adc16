import { definePlugin } from '../../core/sdk/shared';
import { COURSE_GROUP, courseCategoryDictionary, courseMessages, courseResource } from './course';
import { registerMessages, registerResource } from './register';
import { courseHomeCards, homeMessages } from './home';

/**
 * 课程管理: courses and the registrations for them, approved while seats remain. Each area (courses,
 * registrations, the home card) keeps its entity, resource, screen and texts in its own folder; this file
 * only puts them together.
 */
export default definePlugin({
  id: 'course',
  name: { zh: '课程管理', en: 'Courses' },
  requires: ['dict'],
  // The group's code is not `course`: that is the course list's menu and permission code (the entity's name).
  menus: [{ code: COURSE_GROUP, name: { zh: '课程管理', en: 'Courses' }, path: '/course', icon: 'book', sort: 8, group: true, roles: ['user'], topMenu: 'top_mall' }],
  resources: [courseResource, registerResource],
  dictionaries: [courseCategoryDictionary],
  home: courseHomeCards,
  messages: {
    zh: { course: { course: courseMessages.zh, register: registerMessages.zh, home: homeMessages.zh } },
    en: { course: { course: courseMessages.en, register: registerMessages.en, home: homeMessages.en } },
  },
});
