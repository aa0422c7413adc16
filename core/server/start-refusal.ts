/**
 * A start refused for a reason the operator can act on (a data folder in use, a schema change that would
 * lose data, a setting out of range). Its message says what to do, so the command line prints it alone,
 * without a stack that would bury it.
 */
export class StartRefusal extends Error {
  override readonly name = 'StartRefusal';
}
