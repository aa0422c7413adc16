import { bizError, crudRepo, formatDateTime, type CrudHooks, type EntityValues, type LocalText, type MoveContext, type ServerContext, type Tx } from '../../../core/sdk/server';
import { COURSE_STATE, courseEntity } from './entity';

/** A course row as the database holds it (what the status move locks and the seat rules read). */
export interface CourseRow extends Record<string, unknown> {
  id: string;
  tenant_id: string;
  title: string;
  status: number;
  capacity: number;
  registered_count: number;
  deadline: Date | string | null;
  start_time: Date | string;
}

export const MSG_COURSE = {
  endBeforeStart: { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  deadlineAfterStart: { zh: '报名截止时间不能晚于开始时间', en: 'The registration deadline may not be after the start time' },
  noPlace: { zh: '请输入上课地点或线上链接', en: 'Please enter the place or an online link' },
  capacityBelowApproved: (approved: number): LocalText => ({
    zh: `容量不能少于已通过的报名人数（${approved}）`,
    en: `The seats may not be fewer than the approved registrations (${approved})`,
  }),
  hasRegistrations: (title: string, count: number): LocalText => ({
    zh: `课程「${title}」已有${count}条报名，请先删除报名记录`,
    en: `The course "${title}" has ${count} registrations: remove them first`,
  }),
  openPastDeadline: (title: string): LocalText => ({
    zh: `课程「${title}」的报名截止时间已过，请先修改截止时间再开放报名`,
    en: `The registration deadline of "${title}" has passed: change it before opening registration`,
  }),
} as const;

/** A stored or sent time as `yyyy-MM-dd HH:mm:ss`, the form that compares as text. */
export const wallClock = (value: unknown): string => formatDateTime(value);

/** The course's rules that span fields, judged on the row as it will be (an edit sends only what changed). */
function checkCourse(course: EntityValues): void {
  const start = wallClock(course.startTime);
  const end = wallClock(course.endTime);
  if (start && end && end <= start) throw bizError(MSG_COURSE.endBeforeStart);
  const deadline = wallClock(course.deadline);
  if (deadline && start && deadline > start) throw bizError(MSG_COURSE.deadlineAfterStart);
  const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
  if (blank(course.place) && blank(course.onlineUrl)) throw bizError(MSG_COURSE.noPlace);
}

/** The course row of the caller's tenant, locked against the approvals until this transaction ends. */
export function lockCourse(tx: Tx, tenantId: string, id: string): Promise<CourseRow | undefined> {
  return tx.one<CourseRow>('select * from course where id = $1 and tenant_id = $2 and is_deleted = 0 for update', [id, tenantId]);
}

/**
 * The engine's hooks for courses: a new course is a draft with no seat taken; the times, the place and
 * the seats are checked together; the seats may not drop below the approvals already given (the row
 * locked, so no approval slips in between); a course with registrations is not removed.
 */
export function courseHooks(ctx: Pick<ServerContext, 'ids'>): CrudHooks {
  const repo = crudRepo(courseEntity, ctx.ids);
  return {
    async beforeChange({ tx, user, mode, values, id, existing }) {
      if (mode === 'add') {
        values.status = COURSE_STATE.draft;
        values.registeredCount = 0;
        checkCourse(values);
        return;
      }
      const locked = existing && id ? await lockCourse(tx, user.tenantId, id) : undefined;
      checkCourse({ ...(locked ? repo.valuesOf(locked) : {}), ...values });
      const capacity = values.capacity;
      if (locked && typeof capacity === 'number' && capacity < Number(locked.registered_count)) {
        throw bizError(MSG_COURSE.capacityBelowApproved(Number(locked.registered_count)));
      }
    },
    async beforeDelete({ tx, user, ids }) {
      const held = await tx.query<{ title: string; n: number }>(
        `select c.title, count(*)::int as n from course c join course_register r on r.course_id = c.id and r.tenant_id = c.tenant_id and r.is_deleted = 0
          where c.tenant_id = $1 and c.id = any($2::bigint[]) and c.is_deleted = 0
          group by c.id, c.title order by c.title limit 1`,
        [user.tenantId, ids],
      );
      const first = held[0];
      if (first) throw bizError(MSG_COURSE.hasRegistrations(first.title, first.n));
    },
  };
}

/** Opening registration needs a deadline still ahead (or none): past it, nobody could register. */
export function checkOpening(m: MoveContext<CourseRow>): void {
  if (m.to !== COURSE_STATE.open) return;
  const deadline = wallClock(m.row.deadline);
  if (deadline && deadline < wallClock(m.ctx.now())) throw bizError(MSG_COURSE.openPastDeadline(m.row.title));
}
