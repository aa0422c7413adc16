import { defineResource } from '../../../core/sdk/shared';
import { COURSE_GROUP } from '../course';
import { REGISTER_STATUS_CODE, registerEntity } from './entity';

export { COURSE_CHOICES_URL, REGISTER_STATE, REGISTER_STATUS_CODE, registerEntity, registerStates, SEAT_STATES } from './entity';

/**
 * 报名管理 under 课程管理: registrations filtered by course, status and mobile, each with the moves its
 * state allows (通过 / 拒绝 / 签到 / 取消), and the pending ones approved in a batch. The demo `user`
 * role may look.
 */
export const registerResource = defineResource({
  entity: registerEntity,
  menu: { parent: COURSE_GROUP, name: { zh: '报名管理', en: 'Registrations' }, path: '/course/register', icon: 'user-add', sort: 2 },
  grants: { user: ['view'] },
  buttons: [{ code: REGISTER_STATUS_CODE, name: { zh: '状态流转', en: 'Change status' }, alias: 'status', icon: 'check-circle', sort: 5, action: 3 }],
  screen: () => import('./RegisterPage'),
});

/** The screen's own texts, under `course.register`. */
export const registerMessages = {
  zh: {
    actions: {
      1: '通过',
      2: '拒绝',
      4: '签到',
      3: '取消',
    },
    confirmTitle: '{{action}}报名',
    confirm: '确定{{action}}「{{name}}」（{{mobile}}）的报名吗？',
    confirmCourse: '课程：{{course}}',
    moved: '报名已变为「{{state}}」',
    batchApprove: '批量通过',
    batchConfirmTitle: '批量通过报名',
    batchConfirm: '将按报名先后逐条审核所选的 {{count}} 条待审核报名，名额不足或状态不符的不会通过。',
    batchNone: '请先勾选待审核的报名',
    batchSkipped: '已勾选的报名中有 {{count}} 条不是待审核，将不处理',
    batchResultTitle: '批量通过结果',
    batchPassed: '通过 {{count}} 条',
    batchRefused: '未通过 {{count}} 条：',
    batchMissing: '{{count}} 条报名已不存在（可能已被删除）',
    close: '关闭',
  },
  en: {
    actions: {
      1: 'Approve',
      2: 'Refuse',
      4: 'Check in',
      3: 'Withdraw',
    },
    confirmTitle: '{{action}} the registration',
    confirm: '{{action}} the registration of {{name}} ({{mobile}})?',
    confirmCourse: 'Course: {{course}}',
    moved: 'The registration is now "{{state}}"',
    batchApprove: 'Approve selected',
    batchConfirmTitle: 'Approve registrations',
    batchConfirm: 'The {{count}} selected pending registrations will be judged one by one in the order they came; those without a seat left or no longer pending will not be approved.',
    batchNone: 'Select pending registrations first',
    batchSkipped: '{{count}} of the selected registrations are not pending and will be left as they are',
    batchResultTitle: 'Batch approval',
    batchPassed: '{{count}} approved',
    batchRefused: '{{count}} not approved:',
    batchMissing: '{{count}} no longer exist (removed meanwhile)',
    close: 'Close',
  },
};
