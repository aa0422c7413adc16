import type { Migration } from '../db/migrate';
import type { Tx } from '../db/types';
import type { WindowCount } from './window';

/**
 * The counters every instance shares: one row per bucket (a rule and a hashed caller key), counted by one
 * atomic upsert, so two instances counting the same caller at the same moment both see both hits.
 */
export const rateLimitTable: Migration = {
  id: '010_rate_limits',
  sql: `create table blade_rate_limit (
  bucket varchar(64) primary key,
  window_index bigint not null,
  hits int not null,
  previous_hits int not null,
  expires_at timestamptz not null
);
create index blade_rate_limit_expiry on blade_rate_limit (expires_at);
create index blade_captcha_expiry on blade_captcha (expires_at);
create index blade_oauth_code_expiry on blade_oauth_code (expires_at);
create index blade_login_failure_expiry on blade_login_failure (first_failed_at);`,
};

export interface BucketHit {
  bucket: string;
  windowIndex: number;
  /** When the row counts for nothing any more (two windows on). */
  expiresAt: Date;
}

/**
 * Counts one hit in each bucket (distinct) and returns their counts. Rows are written in bucket order, so
 * two statements over the same buckets lock them in the same order and cannot deadlock. A row of an older
 * window starts again; one a window ahead (another instance's clock runs ahead) is counted as it stands.
 */
export async function countHits(tx: Tx, hits: readonly BucketHit[]): Promise<Map<string, WindowCount>> {
  const sorted = [...hits].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  const rows = await tx.query<{ bucket: string; window_index: string | number; hits: number; previous_hits: number }>(
    `insert into blade_rate_limit as r (bucket, window_index, hits, previous_hits, expires_at)
     select b, w, 1, 0, e from unnest($1::varchar[], $2::bigint[], $3::timestamptz[]) as t(b, w, e) order by b
     on conflict (bucket) do update set
       previous_hits = case when r.window_index >= excluded.window_index then r.previous_hits
                            when r.window_index = excluded.window_index - 1 then r.hits
                            else 0 end,
       hits = case when r.window_index >= excluded.window_index then least(r.hits + 1, 1000000000) else 1 end,
       window_index = greatest(r.window_index, excluded.window_index),
       expires_at = greatest(r.expires_at, excluded.expires_at)
     returning bucket, window_index, hits, previous_hits`,
    [sorted.map((h) => h.bucket), sorted.map((h) => h.windowIndex), sorted.map((h) => h.expiresAt)],
  );
  return new Map(rows.map((r) => [r.bucket, { windowIndex: Number(r.window_index), hits: r.hits, previousHits: r.previous_hits }]));
}
