import type { Tx } from '../../../core/sdk/server';

/**
 * What a report may name. Tables: those of the tenant's business (a `tenant_id` column and row-level
 * security on, so the database itself confines the report to the caller's tenant), minus the ones whose
 * rows are secrets or belong to the administrators alone, plus two global ones worth joining. Functions,
 * types and time functions: lists of harmless ones; anything else is refused by name. The lists are the
 * whole of what a report can reach: a name that is not in them is refused, never guessed about.
 */

/** Global tables without a tenant: the dictionaries and the regions, the same for every tenant. */
export const GLOBAL_TABLES: readonly string[] = ['blade_dict', 'blade_region'];

/**
 * Per-tenant tables a report never reads, and why: a report is written by an administrator but run by
 * whoever holds `report_view`, so nothing may pass through it that those users could not be shown.
 */
export const SENSITIVE_TABLES: Readonly<Record<string, string>> = {
  // Sign-in and sessions: token hashes, failures and revocations.
  blade_refresh_token: 'sessions',
  blade_session_revocation: 'sessions',
  blade_login_failure: 'sign-in failures',
  blade_user_oauth: 'third-party identities',
  blade_user_ext: 'account extensions',
  // Settings that hold keys (sealed or not) and the tenant's licence.
  blade_oss: 'storage keys',
  blade_sms: 'SMS keys',
  xh_pay_setting: 'payment keys',
  blade_tenant: 'licence and settings',
  blade_param: 'system parameters (initial passwords)',
  // Messages sent (verification codes) and the logs, an administrator's screens only.
  blade_sms_record: 'messages sent',
  blade_log_api: 'logs',
  blade_log_usual: 'logs',
  blade_log_error: 'logs',
};

/**
 * Columns a report never reads in tables it may otherwise read: the password hash (crackable, being
 * unsalted BladeX digests), the full ID number (the order list masks it for most users), and a stored
 * file's bytes (use the attachment screen). A table holding one cannot be read with `*` or as a whole row.
 */
export const SENSITIVE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  blade_user: ['password'],
  xh_certificate_order: ['id_number'],
  blade_attach: ['bytes'],
};

/** Aggregates, window functions, and date, string, number and JSON builders: no side effect, no file, no setting. */
export const FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'bool_and', 'bool_or', 'every', 'string_agg', 'array_agg', 'json_agg', 'jsonb_agg',
  'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode', 'corr',
  // window functions
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // dates and times (`extract`, `at time zone` and `trim` are calls of pg_catalog functions to the parser)
  'now', 'date_trunc', 'date_part', 'extract', 'date_bin', 'age', 'make_date', 'make_time', 'make_timestamp', 'make_interval',
  'to_char', 'to_date', 'to_timestamp', 'to_number', 'justify_days', 'justify_hours', 'justify_interval', 'isfinite', 'timezone',
  // A series of days to join the data to (days without orders still shown); bounded like any query.
  'generate_series',
  // strings (no repeat / lpad / rpad: one call could ask for a gigabyte)
  'length', 'char_length', 'character_length', 'lower', 'upper', 'initcap', 'btrim', 'ltrim', 'rtrim', 'substring', 'substr',
  'left', 'right', 'position', 'strpos', 'replace', 'split_part', 'concat', 'concat_ws', 'reverse', 'starts_with', 'translate',
  'regexp_replace', 'regexp_match', 'format',
  // numbers
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'sign', 'mod', 'power', 'sqrt', 'div', 'ln', 'log', 'exp', 'width_bucket',
  // arrays and JSON built from the row's own values
  'array_length', 'array_to_string', 'cardinality', 'unnest', 'json_build_object', 'jsonb_build_object', 'json_build_array', 'jsonb_build_array',
]);

/** Types a value may be cast to (no reg* types: they look up the catalogue). */
export const CAST_TYPES: ReadonlySet<string> = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real',
  'text', 'varchar', 'bpchar', 'char', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bool', 'boolean', 'json', 'jsonb',
]);

/** CURRENT_DATE and its kind; CURRENT_USER and the like say nothing a report needs. */
export const TIME_VALUE_FUNCTIONS: ReadonlySet<string> = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
]);

/**
 * The tables a report of this database may read: every table of the public schema with a `tenant_id`
 * column and row-level security enabled, and the global ones that exist, minus the sensitive ones. Read
 * from the catalogue at each run, so a plugin switched off (its tables never made) simply is not there.
 */
export async function readableTables(tx: Tx): Promise<Set<string>> {
  const rows = await tx.query<{ name: string }>(
    `select c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and ((c.relrowsecurity and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped))
             or c.relname = any($1::text[]))`,
    [GLOBAL_TABLES],
  );
  return new Set(rows.map((r) => r.name).filter((name) => !(name in SENSITIVE_TABLES)));
}
