/** What the three logs record, one entry a row (tables `blade_log_api`, `blade_log_error`, `blade_log_usual`). */

/** Who made a call and how to find it again; every field but the tenant may be unknown. */
export interface LoggedCaller {
  tenantId: string;
  /**
   * The tenant came from the request itself (an anonymous call's `Tenant-Id`), not from a signed-in
   * caller: the writer keeps it only when such a tenant exists, else files the row under '000000'.
   */
  tenantNamed?: boolean;
  userId?: string | null;
  account?: string;
  requestId?: string;
  ip?: string;
  userAgent?: string;
  method?: string;
  /** Path and query, secret query values masked. */
  requestUri?: string;
  /** The route's pattern, when one matched. */
  route?: string | null;
  /** The request's body, masked and cut (mask.ts). */
  params?: string;
}

/** One call of the API. */
export interface ApiLogEntry extends LoggedCaller {
  method: string;
  requestUri: string;
  status: number;
  /** Milliseconds from arrival to answer. */
  ms: number;
  time: Date;
}

/** A failure of the server (an exception nobody expected), with what is needed to find the code at fault. */
export interface ErrorLogEntry extends LoggedCaller {
  exceptionName: string;
  message: string;
  stackTrace: string;
  /** The first frame of the stack in the application's own code (not a dependency's). */
  fileName?: string;
  lineNumber?: number;
  time: Date;
}

export type UsualLogLevel = 'info' | 'warn' | 'error';

/** A business event a plugin records (`password.reset`, `role.grant`, `order.refund`). */
export interface UsualLogEntry extends LoggedCaller {
  /** Dotted, lower case: what happened. */
  event: string;
  /** A short description: ids and counts, never a secret (secret-looking keys are masked anyway). */
  data?: unknown;
  level?: UsualLogLevel;
  time?: Date;
}

/** The logs as the server writes them: calls return at once, the rows are written off the request path. */
export interface Logs {
  /** Whether API calls are recorded at all in this process (`API_LOG=off` turns it off). */
  readonly recordsApi: boolean;
  api(entry: ApiLogEntry): void;
  error(entry: ErrorLogEntry): void;
  usual(entry: UsualLogEntry): void;
  /** Writes everything queued so far; resolves when it is stored (or given up on). */
  flush(): Promise<void>;
  /** Entries thrown away because the queue was full, since the start. */
  readonly dropped: number;
  /** Flushes and stops: later entries are ignored. Called before the database closes. */
  close(): Promise<void>;
}
