import { ApiError, bizError, formatDateTime, localize, stateLabel, type LocalText, type MoveContext, type StateMoveOptions, type Tx } from '../../../core/sdk/server';
import { COURSE_STATE, courseStates } from '../course/entity';
import { registerStates, SEAT_STATES } from './entity';

/**
 * The seats of a course and the registrations that take them. An approval takes a seat with one
 * conditional update (`registered_count < capacity`), so two approvals racing for the last seat queue on
 * the course row and the second finds it full; a cancellation, or removing a registration that held a
 * seat, gives it back. Locks are always taken registration first, course second.
 */

/** A registration row as the database holds it. */
export interface RegisterRow extends Record<string, unknown> {
  id: string;
  course_id: string;
  name: string;
  mobile: string;
  status: number;
}

export const MSG_REGISTER = {
  noCourse: { zh: '报名的课程不存在', en: 'The course does not exist' },
  full: (title: string, taken: number, capacity: number): LocalText => ({
    zh: `课程「${title}」名额已满（${taken}/${capacity}）`,
    en: `The course "${title}" is full (${taken}/${capacity})`,
  }),
  finished: (title: string): LocalText => ({ zh: `课程「${title}」已结束，不能再通过报名`, en: `The course "${title}" has finished: registrations can no longer be approved` }),
  notOpen: (title: string, state: LocalText): LocalText => ({
    zh: `课程「${title}」当前不在报名中（${state.zh}）`,
    en: `The course "${title}" is not open for registration (${state.en})`,
  }),
  pastDeadline: (title: string, deadline: string): LocalText => ({
    zh: `课程「${title}」报名已截止（${deadline}）`,
    en: `Registration for "${title}" closed at ${deadline}`,
  }),
} as const;

interface CourseSeats {
  title: string;
  status: number;
  capacity: number;
  registered_count: number;
  deadline: Date | string | null;
}

const courseSeats = (tx: Tx, tenantId: string, courseId: string, lock: '' | 'for share' = '') =>
  tx.one<CourseSeats>(`select title, status, capacity, registered_count, deadline from course where id = $1 and tenant_id = $2 and is_deleted = 0 ${lock}`, [courseId, tenantId]);

/**
 * A new registration names a course open for registration whose deadline is still ahead. The course row
 * is held (shared) until the registration commits, so the course cannot close in between.
 */
export async function checkRegistrable(tx: Tx, tenantId: string, courseId: string, now: Date): Promise<void> {
  const course = await courseSeats(tx, tenantId, courseId, 'for share');
  if (!course) throw bizError(MSG_REGISTER.noCourse);
  if (course.status !== COURSE_STATE.open) throw bizError(MSG_REGISTER.notOpen(course.title, stateLabel(courseStates, course.status)));
  const deadline = formatDateTime(course.deadline);
  if (deadline && deadline < formatDateTime(now)) throw bizError(MSG_REGISTER.pastDeadline(course.title, deadline.slice(0, 16)));
}

/** Takes one seat of the course, or refuses naming it and its seats. */
async function takeSeat(tx: Tx, tenantId: string, courseId: string): Promise<void> {
  const taken = await tx.query(
    `update course set registered_count = registered_count + 1
      where id = $1 and tenant_id = $2 and is_deleted = 0 and status <> $3 and registered_count < capacity returning id`,
    [courseId, tenantId, COURSE_STATE.finished],
  );
  if (taken.length === 1) return;
  const course = await courseSeats(tx, tenantId, courseId);
  if (!course) throw bizError(MSG_REGISTER.noCourse);
  if (course.status === COURSE_STATE.finished) throw bizError(MSG_REGISTER.finished(course.title));
  throw bizError(MSG_REGISTER.full(course.title, course.registered_count, course.capacity));
}

/** Gives back `count` seats of the course (never below none). */
export async function freeSeats(tx: Tx, tenantId: string, courseId: string, count = 1): Promise<void> {
  await tx.query('update course set registered_count = greatest(registered_count - $3, 0) where id = $1 and tenant_id = $2', [courseId, tenantId, count]);
}

/** What a move of a registration does to its course's seats: approving takes one, cancelling gives it back. */
async function moveSeats({ tx, user, row, from, to }: MoveContext<RegisterRow>): Promise<void> {
  const held = SEAT_STATES.includes(from);
  const holds = SEAT_STATES.includes(to);
  if (!held && holds) await takeSeat(tx, user.tenantId, String(row.course_id));
  else if (held && !holds) await freeSeats(tx, user.tenantId, String(row.course_id));
}

/** The registration's state move, for the status route and the batch approval alike. */
export const registerMove: StateMoveOptions<RegisterRow> = {
  table: 'course_register',
  machine: registerStates,
  before: moveSeats,
};

/** Seats held by registrations about to be removed, given back; the rows locked first, as a move locks them. */
export async function freeSeatsOf(tx: Tx, tenantId: string, ids: readonly string[]): Promise<void> {
  const rows = await tx.query<{ course_id: string; status: number }>(
    'select course_id::text as course_id, status from course_register where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 order by id for update',
    [tenantId, ids],
  );
  const seats = new Map<string, number>();
  for (const row of rows) if (SEAT_STATES.includes(row.status)) seats.set(row.course_id, (seats.get(row.course_id) ?? 0) + 1);
  for (const [courseId, count] of [...seats].sort(([a], [b]) => a.localeCompare(b))) await freeSeats(tx, tenantId, courseId, count);
}

/** A refusal as the caller reads it; anything else is no refusal (a bug, passed on). */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return localize(error.text);
  throw error;
}
