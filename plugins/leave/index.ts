import { definePlugin } from '../../core/sdk/shared';

// Skeleton: the leave request's declaration, filled by its author in this change.
export default definePlugin({
  id: 'leave',
  name: { zh: '请假', en: 'Leave' },
  requires: ['flow'],
});
