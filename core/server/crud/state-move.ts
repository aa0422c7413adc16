import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { canMove, isState, moveRefusal, type StateMachine } from '../../schema/state-machine';
import type { LocalText } from '../../schema/manifest';
import { requirePermission } from '../auth/permissions';
import { currentMember } from '../auth/middleware';
import type { AuthUser } from '../auth/user';
import type { AppEnv, ServerContext } from '../context';
import type { Tx } from '../db/types';
import { bizError } from '../http/errors';
import { MSG } from '../http/messages';
import { logEvent } from '../log/event';
import { rData } from '../http/r';
import { parseInput, readJson, readParams } from '../http/validate';
import { isBigintId } from '../ids';
import { docText, describeRoute } from '../openapi/describe';
import { validIds } from '../user/users';
import { IDENTIFIER } from './columns';
import { SqlParams } from './sql';

/**
 * A record's state moved by one general mechanism: the row of the caller's tenant locked (`select … for
 * update`), the move checked against the declared state machine, then a conditional update (`where
 * <column> = from`) touching exactly that row. Two callers moving the same row at once queue on the lock;
 * the second sees the state the first wrote and is refused like any other forbidden move.
 */

/** No input besides the id and the state. */
export type NoMoveInput = Record<never, never>;

export interface MoveContext<Row, Input extends object = NoMoveInput> {
  /** The locked row as it stood (in `after`: as written). Columns snake_case, as the driver returns them. */
  row: Row;
  from: number;
  to: number;
  tx: Tx;
  user: AuthUser;
  ctx: ServerContext;
  /** What the request carried besides the id and the state (a tracking number with the shipping move), parsed. */
  input: Input;
}

export interface StateMoveOptions<Row extends Record<string, unknown> = Record<string, unknown>, Input extends object = NoMoveInput> {
  /** The table holding the rows (it has `id` and `tenant_id`; `is_deleted`, `update_time`, `update_user` are used when present). */
  table: string;
  machine: StateMachine;
  /** The column holding the state (default `status`). */
  column?: string;
  /**
   * Inside the transaction, the row locked, the move found allowed: check (throw `bizError` to refuse:
   * nothing is written) and act (take stock); return more columns to set in the same update (`{ pay_time: now }`).
   */
  before?: (m: MoveContext<Row, Input>) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
  /** Inside the transaction, after the write. */
  after?: (m: MoveContext<Row, Input>) => Promise<void> | void;
}

export interface StateMoveResult<Row> {
  from: number;
  to: number;
  /** The row as written. */
  row: Row;
}

/** A table or column name, checked before it enters SQL text (names come from code, never from a request). */
function identifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`State move: ${what} "${name}" is not a plain identifier.`);
  return name;
}

/** Columns the move writes itself: a hook may not set them. */
const OWN_COLUMNS = new Set(['id', 'tenant_id', 'is_deleted', 'update_time', 'update_user']);

/** The column as the API names it (`pay_status` → `payStatus`), for a refusal naming the parameter. */
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Audit times to the second, as the engine keeps them. */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * Moves row `id` of the caller's tenant to state `to`, in the caller's transaction `tx` (open it with
 * `ctx.db.tenant(user.tenantId, …)`). Refusals are 400s: an unknown or other tenant's id (数据不存在), a
 * state the machine does not declare, a move it does not allow (naming both states), or `before`'s own.
 * `input` reaches the hooks as `m.input` (required when they expect one).
 */
export async function moveState<Row extends Record<string, unknown> = Record<string, unknown>, Input extends object = NoMoveInput>(
  tx: Tx,
  ctx: ServerContext,
  user: AuthUser,
  id: string,
  to: number,
  options: StateMoveOptions<Row, Input>,
  ...given: NoMoveInput extends Input ? [input?: Input] : [input: Input]
): Promise<StateMoveResult<Row>> {
  // Without an input, the hooks' type says there is nothing in it: an empty object is that.
  const input = (given[0] ?? {}) as Input;
  const table = identifier(options.table, 'table');
  const column = identifier(options.column ?? 'status', 'column');
  if (!Number.isInteger(to) || !isState(options.machine, to)) throw bizError(MSG.badFormat(camel(column)));
  if (!isBigintId(String(id))) throw bizError(MSG.notFound);

  // Locked whether removed or not (the lock is harmless), so the table needs no is_deleted column.
  const row = await tx.one<Row>(`select * from ${table} where id = $1 and tenant_id = $2 for update`, [id, user.tenantId]);
  if (!row || ('is_deleted' in row && Number(row.is_deleted) !== 0)) throw bizError(MSG.notFound);
  const from = Number(row[column]);
  if (!canMove(options.machine, from, to)) throw bizError(moveRefusal(options.machine, from, to));

  const extra = (await options.before?.({ row, from, to, tx, user, ctx, input })) ?? {};
  const p = new SqlParams();
  const sets = [`${column} = ${p.add(to)}`];
  for (const [name, value] of Object.entries(extra)) {
    if (name === column || OWN_COLUMNS.has(name)) throw new Error(`State move on ${table}: "before" may not set ${name}.`);
    sets.push(`${identifier(name, 'column')} = ${p.add(value)}`);
  }
  if ('update_time' in row) sets.push(`update_time = ${p.add(toSecond(ctx.now()))}`);
  if ('update_user' in row) sets.push(`update_user = ${p.add(validIds([user.userId])[0] ?? null)}`);
  const written = await tx.query<Row>(
    `update ${table} set ${sets.join(', ')} where id = ${p.add(id)} and tenant_id = ${p.add(user.tenantId)} and ${column} = ${p.add(from)} returning *`,
    p.values,
  );
  // The row is locked: only a bug (a hook moving it itself) leaves it elsewhere. Refused, and the transaction with it.
  if (written.length !== 1) throw bizError(moveRefusal(options.machine, from, to));
  const moved = written[0]!;
  await options.after?.({ row: moved, from, to, tx, user, ctx, input });
  return { from, to, row: moved };
}

export interface MountStateMoveOptions<Row extends Record<string, unknown> = Record<string, unknown>, Shape extends z.ZodRawShape = NoMoveInput>
  extends StateMoveOptions<Row, z.output<z.ZodObject<Shape>>> {
  /** The route below /api: `/mall/order/status`. */
  path: string;
  /** The permission code (a button) the caller must hold. */
  code: string;
  summary: LocalText;
  description?: LocalText;
  /**
   * More parameters the move takes besides `id` and `status` (a tracking number with the shipping move):
   * described with them, validated with them (400 in the caller's language), parsed into the hooks' `m.input`.
   */
  input?: z.ZodObject<Shape>;
  /** Business events for the usual log, by target state (`{ [REFUNDED]: 'refund.made' }`): recorded once the move is committed. */
  events?: Readonly<Partial<Record<number, string>>>;
}

/** The move's parameters as the route validates them (`id`, `status`), before a route's own `input`. */
export const stateMoveParams = z.object({
  id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().regex(/^\d{1,19}$/).refine(isBigintId)).describe(docText({ zh: '主键', en: 'Id' })),
  status: z
    .preprocess((v) => (typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim()) ? Number(v) : v), z.number().int())
    .describe(docText({ zh: '目标状态', en: 'The state to move to' })),
});

/** The answer's data: the row's id and its new state. */
const moveAnswer = z.object({ id: z.string(), status: z.number().int() });

/** The move's input (`{ id, status, … }`) from the query string or a form, else from a JSON body. */
async function readStateMoveInput(c: Context<AppEnv>): Promise<unknown> {
  const params: Record<string, unknown> = await readParams(c);
  if (params.id === undefined && params.status === undefined && /application\/json/i.test(c.req.header('content-type') ?? '')) {
    const body = await readJson(c);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
  }
  return params;
}

/**
 * `POST <path>?id=&status=` (also a form or a JSON body `{ id, status }`), with the route's own `input`
 * parameters if any: the move as a route, for whoever holds `code`. Answers R success `操作成功` with `{ id, status }`.
 */
export function mountStateMove<Row extends Record<string, unknown> = Record<string, unknown>, Shape extends z.ZodRawShape = NoMoveInput>(
  api: Hono<AppEnv>,
  ctx: ServerContext,
  options: MountStateMoveOptions<Row, Shape>,
): void {
  const { path, code, summary, description, input, events, ...move } = options;
  if (input && ('id' in input.shape || 'status' in input.shape)) throw new Error(`State move ${path}: "input" may not redefine id or status.`);
  const states = options.machine.states.map((s) => `${s.value} ${s.label.zh}`).join('，');
  const statesEn = options.machine.states.map((s) => `${s.value} ${s.label.en}`).join(', ');
  const status = stateMoveParams.shape.status.describe(docText({ zh: `目标状态：${states}`, en: `The state to move to: ${statesEn}` }));
  // The route's own parameters come after id and status, so a missing id is named before them.
  const params = stateMoveParams.extend({ status, ...input?.shape });
  api.post(
    path,
    describeRoute({
      summary,
      description: description ?? {
        zh: `状态流转（${states}）：只允许声明的流转，在一个事务内锁行后条件更新；也接受 JSON 体 { id, status }。`,
        en: `Moves the state (${statesEn}): declared moves only, the row locked and updated conditionally in one transaction; a JSON body { id, status } is accepted too.`,
      },
      params,
      data: moveAnswer,
    }),
    requirePermission(ctx, code),
    async (c) => {
      const me = currentMember(c);
      const { id, status, ...rest } = parseInput(params, await readStateMoveInput(c));
      // Named as the caller sent it, whatever the column is called.
      if (!isState(move.machine, status)) throw bizError(MSG.badFormat('status'));
      // Parsed with id and status, unknown keys dropped: what is left is exactly the input's own.
      const given = rest as z.output<z.ZodObject<Shape>>;
      const moved = await ctx.db.tenant(me.tenantId, (tx) => moveState(tx, ctx, me, id, status, move, given));
      const event = events?.[moved.to];
      if (event) logEvent(c, ctx, { event, data: { table: move.table, id, from: moved.from, to: moved.to } });
      return c.json(rData({ id, status: moved.to }));
    },
  );
}
