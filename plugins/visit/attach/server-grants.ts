import { ApiError, bizError, formatDateTime, type IdGenerator, type Job, type Migration, type ServerContext, type Tx } from '../../../core/sdk/server';
import { type Grant, GRANT_STATE, isAllowedMove, isGrantState, type GrantState } from './grant-states';
import { aboutFile, ATTACH_MSG, moveRefused } from './server-messages';

/**
 * The grants: one row per attachment and visitor, whose state the staff side moves (a conditional update
 * from the state it read, so of two identical decisions at once exactly one happens) and a visitor's
 * request starts. A granted row past its expiry reads "expired" everywhere at once (every read computes
 * the state as of now); the job only writes down what the reads already say.
 */
export const GRANT_TABLE = 'blade_visit_attach_grant';

export const grantMigrations: readonly Migration[] = [
  {
    id: 'attach-001-grants',
    sql: `
      create table if not exists ${GRANT_TABLE} (
        id bigint primary key,
        tenant_id varchar(12) not null,
        attach_id bigint not null,
        staff_id bigint not null,
        visitor_id varchar(64) not null,
        visitor_nick varchar(64) not null default '',
        state smallint not null default 0 check (state in (0, 1, 2, 3)),
        days smallint check (days between 1 and 365),
        requested_at timestamp not null,
        decided_at timestamp,
        decided_by bigint,
        expires_at timestamp,
        check (state <> 1 or expires_at is not null)
      );
      -- One row per attachment and visitor: asking again finds it, so nobody can pile up requests.
      create unique index if not exists ${GRANT_TABLE}_visitor on ${GRANT_TABLE} (tenant_id, attach_id, visitor_id);
      create index if not exists ${GRANT_TABLE}_by_visitor on ${GRANT_TABLE} (tenant_id, visitor_id);
      create index if not exists ${GRANT_TABLE}_by_staff on ${GRANT_TABLE} (tenant_id, staff_id);
      -- The job's walk: live grants by their end.
      create index if not exists ${GRANT_TABLE}_live on ${GRANT_TABLE} (expires_at) where state = 1;
    `,
  },
];

/** The state as of the instant bound at `at` (`$3`): a grant whose time is over is expired. */
export const stateAsOf = (at: string, alias = 'g') => `(case when ${alias}.state = 1 and ${alias}.expires_at <= ${at} then 3 else ${alias}.state end)`;

/** The condition of a row being in `state` as of the instant bound at `at`. */
function inState(state: GrantState, at: string): string {
  if (state === GRANT_STATE.granted) return `(state = 1 and expires_at > ${at})`;
  if (state === GRANT_STATE.expired) return `(state = 3 or (state = 1 and expires_at <= ${at}))`;
  return `state = ${state}`;
}

/** The state of a row as read, as of `now`. */
export function effectiveState(row: { state: number; expires_at: Date | string | null }, now: Date): GrantState {
  const state = Number(row.state);
  if (!isGrantState(state)) throw new Error(`grant state ${row.state}`);
  if (state === GRANT_STATE.granted && row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return GRANT_STATE.expired;
  return state;
}

/** What the staff side decides: a state, and for a grant its days. */
export interface Decision {
  state: GrantState;
  days?: number;
}

/** Who decides, when (and the ids for a row a decision makes). */
export interface Decider {
  tenantId: string;
  userId: string;
  now: Date;
  ids: Pick<IdGenerator, 'next'>;
}

interface GrantRow {
  id: string;
  state: number;
  expires_at: Date | null;
  attach_name: string;
}

interface AttachRow {
  id: string;
  staff_id: string;
  name: string;
}

const DAY_MS = 86_400_000;

/** The attachment, live, of the caller's tenant; else a 400. */
export async function liveAttachment(tx: Tx, tenantId: string, attachId: string): Promise<AttachRow> {
  const row = await tx.one<AttachRow>(
    'select id::text as id, staff_id::text as staff_id, name from blade_visit_attach where tenant_id = $1 and id = $2 and is_deleted = 0',
    [tenantId, attachId],
  );
  if (!row) throw bizError(ATTACH_MSG.attachNotFound);
  return row;
}

async function grantById(tx: Tx, tenantId: string, id: string): Promise<GrantRow | undefined> {
  return tx.one<GrantRow>(
    `select g.id::text as id, g.state, g.expires_at, a.name as attach_name from ${GRANT_TABLE} g
       join blade_visit_attach a on a.id = g.attach_id and a.tenant_id = g.tenant_id and a.is_deleted = 0
      where g.tenant_id = $1 and g.id = $2`,
    [tenantId, id],
  );
}

/** A days value is required to grant, and only then kept. */
function checkDays(decision: Decision): void {
  if (decision.state !== GRANT_STATE.granted) return;
  const days = decision.days;
  if (days === undefined || !Number.isInteger(days) || days < 1 || days > 365) throw bizError(ATTACH_MSG.daysRequired);
}

/** The columns a move writes. */
function moveValues(decision: Decision, by: Decider) {
  const granted = decision.state === GRANT_STATE.granted;
  return {
    days: granted ? decision.days! : null,
    expiresAt: granted ? new Date(by.now.getTime() + decision.days! * DAY_MS) : null,
  };
}

/**
 * Moves a grant found by id from the state it is in now, if the machine allows it: an update conditional
 * on that very state, so a decision racing another one finds the row moved and is refused naming the
 * state it found.
 */
export async function decideGrant(tx: Tx, id: string, decision: Decision, by: Decider): Promise<void> {
  checkDays(decision);
  const row = await grantById(tx, by.tenantId, id);
  if (!row) throw bizError(ATTACH_MSG.grantNotFound);
  await move(tx, row, decision, by);
}

async function move(tx: Tx, row: GrantRow, decision: Decision, by: Decider): Promise<void> {
  const from = effectiveState(row, by.now);
  if (!isAllowedMove(from, decision.state)) throw bizError(moveRefused(from, decision.state));
  const { days, expiresAt } = moveValues(decision, by);
  const moved = await tx.query(
    `update ${GRANT_TABLE} set state = $3, days = $4, expires_at = $5, decided_at = $6, decided_by = $7
      where tenant_id = $1 and id = $2 and ${inState(from, '$6')} returning id`,
    [by.tenantId, row.id, decision.state, days, expiresAt, by.now, by.userId],
  );
  if (moved.length === 1) return;
  // Another decision got there first: say what it made of the row.
  const now = await grantById(tx, by.tenantId, row.id);
  throw bizError(now ? moveRefused(effectiveState(now, by.now), decision.state) : ATTACH_MSG.grantNotFound);
}

/**
 * A decision about a visitor and an attachment, whether the visitor asked or not: a visitor who never
 * asked is treated as asking now (so the same moves apply), then the row moves as `decideGrant` moves it.
 */
export async function decideForVisitor(tx: Tx, attachId: string, visitorId: string, decision: Decision, by: Decider): Promise<void> {
  checkDays(decision);
  const attach = await liveAttachment(tx, by.tenantId, attachId);
  const existing = () =>
    tx.one<GrantRow>(
      `select id::text as id, state, expires_at, $4::text as attach_name from ${GRANT_TABLE} where tenant_id = $1 and attach_id = $2 and visitor_id = $3`,
      [by.tenantId, attachId, visitorId, attach.name],
    );
  const found = await existing();
  if (found) return move(tx, found, decision, by);
  if (!isAllowedMove(GRANT_STATE.requested, decision.state)) throw bizError(moveRefused(GRANT_STATE.requested, decision.state));
  const { days, expiresAt } = moveValues(decision, by);
  const inserted = await tx.query(
    `insert into ${GRANT_TABLE} (id, tenant_id, attach_id, staff_id, visitor_id, visitor_nick, state, days, requested_at, decided_at, decided_by, expires_at)
     values ($1, $2::varchar, $3, $4, $5::varchar,
             coalesce((select visitor_nick from ${GRANT_TABLE} where tenant_id = $2::varchar and visitor_id = $5::varchar and visitor_nick <> '' order by requested_at desc limit 1), ''),
             $6, $7, $8, $8, $9, $10)
     on conflict (tenant_id, attach_id, visitor_id) do nothing returning id`,
    [by.ids.next(), by.tenantId, attachId, attach.staff_id, visitorId, decision.state, days, by.now, by.userId, expiresAt],
  );
  if (inserted.length === 1) return;
  // The visitor's own request landed in between: decide on it.
  const raced = await existing();
  if (!raced) throw bizError(ATTACH_MSG.grantNotFound);
  await move(tx, raced, decision, by);
}

/** The same decision for several attachments of one visitor, all or none (the caller's transaction). */
export async function decideFiles(tx: Tx, attachIds: readonly string[], visitorId: string, decision: Decision, by: Decider): Promise<void> {
  checkDays(decision);
  for (const attachId of attachIds) {
    try {
      await decideForVisitor(tx, attachId, visitorId, decision, by);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const name = (await tx.one<{ name: string }>('select name from blade_visit_attach where tenant_id = $1 and id = $2 and is_deleted = 0', [by.tenantId, attachId]))?.name;
      throw name ? bizError(aboutFile(name, error.text)) : error;
    }
  }
}

/** At most this many grants per read: one attachment's or one visitor's are far fewer. */
export const MAX_GRANTS = 500;

/** The grants matching the filters (each optional, at least one given by the caller), newest request first. */
export async function readGrants(tx: Tx, tenantId: string, filters: { visitorId?: string; attachId?: string; staffId?: string }, now: Date): Promise<Grant[]> {
  const params: unknown[] = [tenantId, now];
  const where: string[] = ['g.tenant_id = $1'];
  if (filters.visitorId) where.push(`g.visitor_id = $${params.push(filters.visitorId)}`);
  if (filters.attachId) where.push(`g.attach_id = $${params.push(filters.attachId)}`);
  if (filters.staffId) where.push(`g.staff_id = $${params.push(filters.staffId)}`);
  const rows = await tx.query<{
    id: string;
    attach_id: string;
    attach_name: string;
    file_type: string | null;
    staff_id: string;
    visitor_id: string;
    visitor_nick: string;
    state: number;
    days: number | null;
    requested_at: Date;
    decided_at: Date | null;
    decided_by: string | null;
    decided_by_name: string | null;
    expires_at: Date | null;
  }>(
    `select g.id::text as id, g.attach_id::text as attach_id, a.name as attach_name, a.file_type, g.staff_id::text as staff_id,
            g.visitor_id, g.visitor_nick, ${stateAsOf('$2')} as state, g.days, g.requested_at, g.decided_at,
            g.decided_by::text as decided_by, coalesce(nullif(u.real_name, ''), u.name, u.account) as decided_by_name, g.expires_at
       from ${GRANT_TABLE} g
       join blade_visit_attach a on a.id = g.attach_id and a.tenant_id = g.tenant_id and a.is_deleted = 0
       left join blade_user u on u.id = g.decided_by and u.tenant_id = g.tenant_id
      where ${where.join(' and ')}
      order by g.requested_at desc, g.id desc
      limit ${MAX_GRANTS}`,
    params,
  );
  return rows.map((r) => {
    const state = Number(r.state) as GrantState;
    return {
      id: r.id,
      attachId: r.attach_id,
      attachName: r.attach_name,
      fileType: r.file_type ?? '',
      staffId: r.staff_id,
      visitorId: r.visitor_id,
      visitorNick: r.visitor_nick,
      state,
      days: r.days === null ? null : Number(r.days),
      requestedAt: formatDateTime(r.requested_at),
      decidedAt: formatDateTime(r.decided_at),
      decidedBy: r.decided_by ?? '',
      decidedByName: r.decided_by_name ?? '',
      expiresAt: formatDateTime(r.expires_at),
      secondsLeft: state === GRANT_STATE.granted && r.expires_at ? Math.max(0, Math.floor((new Date(r.expires_at).getTime() - now.getTime()) / 1000)) : null,
    };
  });
}

/** The grants of each attachment by state as of now (attachments without any are left out). */
export async function grantCounts(tx: Tx, tenantId: string, attachIds: readonly string[], now: Date): Promise<Map<string, Record<'requested' | 'granted' | 'refused' | 'expired', number>>> {
  if (attachIds.length === 0) return new Map();
  const rows = await tx.query<{ attach_id: string; requested: number; granted: number; refused: number; expired: number }>(
    `select attach_id::text as attach_id,
            count(*) filter (where state = 0)::int as requested,
            count(*) filter (where ${inState(GRANT_STATE.granted, '$3')})::int as granted,
            count(*) filter (where state = 2)::int as refused,
            count(*) filter (where ${inState(GRANT_STATE.expired, '$3')})::int as expired
       from ${GRANT_TABLE} where tenant_id = $1 and attach_id = any($2::bigint[]) group by attach_id`,
    [tenantId, attachIds, now],
  );
  return new Map(rows.map((r) => [r.attach_id, { requested: Number(r.requested), granted: Number(r.granted), refused: Number(r.refused), expired: Number(r.expired) }]));
}

/** Writes down every tenant's grants whose time is over as expired; returns how many. */
export async function expireGrants(ctx: Pick<ServerContext, 'db' | 'now'>): Promise<number> {
  const rows = await ctx.db.system((tx) => tx.query(`update ${GRANT_TABLE} set state = 3 where state = 1 and expires_at <= $1 returning id`, [ctx.now()]));
  return rows.length;
}

export const expireGrantsJob: Job = {
  name: 'expire attachment grants',
  everyMs: 60_000,
  run: async (ctx) => void (await expireGrants(ctx)),
};
