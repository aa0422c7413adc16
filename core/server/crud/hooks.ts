import type { EntityDef } from '../../schema/entity';
import { assertAdministrator, assertPermission } from '../auth/permissions';
import type { AuthUser } from '../auth/user';
import type { Tx } from '../db/types';
import type { EntityValues } from './body';
import type { DbRow, Json } from './repo';

/**
 * What a plugin adds to the engine's endpoints of an entity without writing them: lifecycle hooks and
 * access rules. Every hook runs inside the request's transaction (a refusal thrown there undoes the whole
 * request) and may throw `bizError(…)` to answer 400 with its message.
 */

/** What the engine does: read (list, detail, the tree's choices), add, edit, delete. */
export type CrudOperation = 'read' | 'add' | 'edit' | 'delete';

/**
 * Who may do an operation:
 * - `{ code }`: holders of a permission code (`withButtons`: the code or any of its buttons);
 * - `'member'`: any signed-in member of the tenant (choices every form needs);
 * - `'administrator'`: the super administrator only (data every tenant shares);
 * - a function of one's own that throws `noPermission()` to refuse.
 * Default: the menu code or one of its buttons to read, `<code>_add`, `_edit`, `_delete` to write.
 */
export type AccessRule = { code: string | readonly string[]; withButtons?: boolean } | 'member' | 'administrator' | ((tx: Tx, user: AuthUser) => Promise<void>);

export interface HookArgs {
  tx: Tx;
  user: AuthUser;
}

/** What `prepare` gets: the caller acting in the addressed tenant, the raw body, and reads of its own. */
export interface PrepareArgs {
  user: AuthUser;
  mode: 'add' | 'edit';
  /** The row's id when editing (not yet checked to exist: the write transaction does that). */
  id?: string;
  /** The raw body: the same object reaches the other hooks of this save. */
  body: Record<string, unknown>;
  /** A short transaction of its own in the caller's tenant, for reads. */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface CrudHooks {
  /**
   * Slow work on the raw body BEFORE the write transaction opens, once the caller was found allowed to
   * save (pictures resized, say): a transaction holds its row locks meanwhile, and on the embedded
   * database, a single connection, it holds up every other request. Only computes and reads: nothing it
   * could write would be undone by a refused save. What it makes it keeps by the body (a WeakMap keyed on
   * it) for the hooks inside the transaction, which must not trust it blindly: another save may have come
   * in between. A throw refuses the save (`bizError`: a 400).
   */
  prepare?(args: PrepareArgs): Promise<void>;
  /**
   * The raw body before validation: normalise what a client sends (trim a code, map an old name), or
   * refuse before the body is judged (`existing`, the stored row when editing: a row the caller may not touch).
   */
  beforeValidate?(args: HookArgs & { body: Record<string, unknown>; mode: 'add' | 'edit'; existing?: DbRow }): void | Promise<void>;
  /**
   * The validated values before they are written: complete or change them (values a hook sets bypass
   * validation: set only what the server computes), or refuse. `existing` is the stored row when editing.
   * On an add, setting `restore` to the id of a logically removed row brings that row back instead of
   * inserting a new one: its id, and so whatever refers to it, is kept, and the values are written over it.
   */
  beforeChange?(args: HookArgs & { mode: 'add' | 'edit'; values: EntityValues; id?: string; existing?: DbRow; body: Readonly<Record<string, unknown>>; restore?: string }): void | Promise<void>;
  /** After the row was written, in the same transaction (`body`: what was sent, for inputs that are no field). */
  afterChange?(args: HookArgs & { mode: 'add' | 'edit'; values: EntityValues; id: string; existing?: DbRow; body: Readonly<Record<string, unknown>> }): void | Promise<void>;
  /** Before rows are removed: refuse (rows still in use), or clean up what refers to them. */
  beforeDelete?(args: HookArgs & { ids: readonly string[] }): void | Promise<void>;
  /** Rows on their way out (list, detail, tree): mask a secret, add a name looked up. Change `rows` in place. */
  afterRead?(args: HookArgs & { rows: Json[]; raw: readonly DbRow[]; action: 'list' | 'detail' }): void | Promise<void>;
}

/** Several hook sets as one, each hook running in the order given. */
export function composeHooks(...sets: readonly (CrudHooks | undefined)[]): CrudHooks {
  const present = sets.filter((s): s is CrudHooks => s !== undefined);
  const chain =
    <K extends keyof CrudHooks>(key: K) =>
    async (args: Parameters<NonNullable<CrudHooks[K]>>[0]) => {
      for (const set of present) await (set[key] as ((a: typeof args) => void | Promise<void>) | undefined)?.(args);
    };
  return {
    // Only when some set prepares: preparing costs the save a transaction of its own.
    ...(present.some((s) => s.prepare) ? { prepare: chain('prepare') } : {}),
    beforeValidate: chain('beforeValidate'),
    beforeChange: chain('beforeChange'),
    afterChange: chain('afterChange'),
    beforeDelete: chain('beforeDelete'),
    afterRead: chain('afterRead'),
  };
}

/** The default rule of an operation on an entity. */
export function defaultRule(entity: EntityDef, operation: CrudOperation): AccessRule {
  return operation === 'read' ? { code: entity.permission, withButtons: true } : { code: `${entity.permission}_${operation}` };
}

/** Applies a rule: resolves when the user may, throws a 403 otherwise. */
export async function checkAccess(rule: AccessRule, tx: Tx, user: AuthUser): Promise<void> {
  if (rule === 'member') return;
  if (rule === 'administrator') return assertAdministrator(user);
  if (typeof rule === 'function') return rule(tx, user);
  return assertPermission(tx, user, rule.code, { withButtons: rule.withButtons });
}
