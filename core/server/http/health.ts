import type { Env, Hono } from 'hono';
import type { ServerContext } from '../context';
import type { ServerPlugin } from '../plugin';
import { kernelMigrationSet } from '../seed/kernel-migrations';
import { rData, rFail } from './r';
import { describeRoute } from '../openapi/describe';

/**
 * Probes for load balancers and orchestrators, public and cheap (no token, no body, nothing written):
 * - `health`: the process answers (liveness): 200 as long as it can answer at all;
 * - `ready`: it can serve: the database answers within READY_TIMEOUT_MS and holds every migration this
 *   process knows of (503 otherwise, so the balancer sends traffic elsewhere meanwhile).
 * Mounted before authentication and the rate limits, under /api and at the site's root.
 */

/** A database slower than this to answer `select` on a small table is as good as away for a balancer. */
export const READY_TIMEOUT_MS = 3000;

const MSG_DB_DOWN = { zh: '服务未就绪: 数据库不可用', en: 'Not ready: the database is unavailable' };
const MSG_MIGRATIONS = { zh: '服务未就绪: 数据库结构未更新', en: 'Not ready: the database schema is not up to date' };

/** `<owner>/<id>` of every migration the kernel and these plugins declare, as schema_migrations records them. */
export function expectedMigrations(ctx: ServerContext, plugins: readonly ServerPlugin[]): string[] {
  return [
    ...kernelMigrationSet(ctx.ids).map((m) => `kernel/${m.id}`),
    ...plugins.flatMap((p) => (p.migrations ?? []).map((m) => `${p.manifest.id}/${m.id}`)),
  ];
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** `GET /health` and `GET /ready` on `router` (the API app, the site's root app). */
export function healthRoutes<E extends Env>(router: Hono<E>, ctx: ServerContext, plugins: readonly ServerPlugin[]): void {
  const expected = expectedMigrations(ctx, plugins);
  // Never from a cache: a probe must reach the process.
  const NO_STORE = { 'Cache-Control': 'no-store' };
  router.get('/health', describeRoute({ summary: { zh: '存活探针：进程能应答', en: 'Liveness probe: the process answers' } }), (c) => c.json(rData({ status: 'UP' }), 200, NO_STORE));
  router.get('/ready', describeRoute({ summary: { zh: '就绪探针：数据库可用且结构已更新（否则 503）', en: 'Readiness probe: the database answers and its schema is up to date (503 otherwise)' } }), async (c) => {
    let applied: number;
    try {
      const row = await withTimeout(
        ctx.db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from schema_migrations where id = any($1::varchar[])', [expected])),
        READY_TIMEOUT_MS,
      );
      applied = row?.n ?? 0;
    } catch (error) {
      ctx.log.info(`ready: the database did not answer (${error instanceof Error ? error.message : String(error)})`);
      return c.json(rFail(MSG_DB_DOWN, 503), 503, NO_STORE);
    }
    if (applied < expected.length) return c.json(rFail(MSG_MIGRATIONS, 503), 503, NO_STORE);
    return c.json(rData({ status: 'UP', database: 'UP', migrations: applied }), 200, NO_STORE);
  });
}
