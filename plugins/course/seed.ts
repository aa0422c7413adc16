import { readFileSync } from 'node:fs';
import { crudRepo, formatDateTime, sniffImage, storeFile, type ServerContext, type Tx } from '../../core/sdk/server';
import { courseEntity } from './course/entity';
import { DEMO_COURSES, type DemoTime } from './demo-courses';
import { REGISTER_STATE, registerEntity, SEAT_STATES } from './register/entity';

const HOUR_MS = 3_600_000;

/** The order registrations came in: the decided ones first, the pending ones last. */
const ARRIVAL: readonly number[] = [REGISTER_STATE.attended, REGISTER_STATE.approved, REGISTER_STATE.refused, REGISTER_STATE.cancelled, REGISTER_STATE.pending];

/** A cover shipped with the plugin, stored for the tenant as an upload would be: its link. */
async function storeCover(tx: Tx, ctx: ServerContext, owner: { tenantId: string; userId: string }, file: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(new URL(`./demo/${file}`, import.meta.url)));
  const type = sniffImage(bytes);
  if (!type) throw new Error(`Demo image ${file} is neither PNG nor JPEG.`);
  return (await storeFile(tx, ctx, owner, bytes, type, file)).link;
}

/**
 * The demo courses and their registrations in both demo tenants (see demo-courses.ts). Each course's
 * `registeredCount` is the count of its registrations holding a seat, as the approvals keep it.
 */
export async function seedCourses(tx: Tx, ctx: ServerContext): Promise<void> {
  const courses = crudRepo(courseEntity, ctx.ids);
  const registrations = crudRepo(registerEntity, ctx.ids);
  const now = ctx.now();
  // A day from the seed's day, at a wall-clock time.
  const dateAt = ({ day, time }: DemoTime) => {
    const [h, m, s] = time.split(':').map(Number);
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() + day, h, m, s);
  };
  const at = (when: DemoTime) => formatDateTime(dateAt(when));

  for (const [tenantId, demo] of Object.entries(DEMO_COURSES)) {
    if (!(await tx.one('select 1 as found from blade_tenant where tenant_id = $1', [tenantId]))) continue;
    const actor = { tenantId, userId: demo.owner, deptIds: [] };
    const covers = new Map<string, string>();
    let person = 0;
    for (const course of demo.courses) {
      if (!covers.has(course.cover)) covers.set(course.cover, await storeCover(tx, ctx, actor, course.cover));
      const arrivals = ARRIVAL.flatMap((state) => Array<number>(course.registrations[state] ?? 0).fill(state));
      const seats = arrivals.filter((state) => SEAT_STATES.includes(state)).length;
      const { start, end, deadline, cover, registrations: _counts, place, onlineUrl, ...fields } = course;
      const courseId = await courses.insert(
        tx,
        actor,
        {
          ...fields,
          cover: covers.get(cover)!,
          place: place ?? null,
          onlineUrl: onlineUrl ?? null,
          startTime: at(start),
          endTime: at(end),
          deadline: at(deadline),
          registeredCount: seats,
        },
        new Date(now.getTime() - 40 * 24 * HOUR_MS),
      );
      // Registrations came in one by one before the deadline (or before now, for a course still open).
      const lastArrival = Math.min(dateAt(deadline).getTime(), now.getTime()) - HOUR_MS;
      for (const [index, status] of arrivals.entries()) {
        const n = person++;
        await registrations.insert(
          tx,
          actor,
          {
            courseId,
            name: demo.people[n % demo.people.length]!,
            mobile: `${demo.mobilePrefix}${String(n + 1).padStart(4, '0')}`,
            company: demo.companies[n % demo.companies.length]!,
            position: demo.positions[n % demo.positions.length]!,
            remark: status === REGISTER_STATE.refused ? '非目标学员' : null,
            status,
          },
          new Date(lastArrival - (arrivals.length - index) * 5 * HOUR_MS),
        );
      }
    }
  }
}
