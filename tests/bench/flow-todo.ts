/**
 * The work lists at 100,000 finished and 1,000 open process instances, on PGlite and on PostgreSQL:
 * p50 / p95 / p99 of `GET /api/blade-flow/work/todo-list` (page 1, size 10) as one member of 20 asks for
 * it, then of the claim, done, sent and waiting lists, through the real HTTP stack of a server process.
 * Printed, never asserted.
 *
 * The rows are written straight into the flow tables with generate_series, in tenant 000000: 20 members
 * (`flowbench01`…`flowbench20`, password = account, role alias `flowbench`); one process definition;
 * 100,000 finished instances, each started by one of them, with its two done tasks (by the next two
 * members) and four activity rows (start, the two tasks, end); 1,000 running instances, each with a task
 * to do for one of the 20 (the measured member, flowbench01, holds 50), and 200 of them with a second
 * task waiting to be claimed, half by the role `flowbench` (every member), half by `hr` (nobody here).
 *
 * - BENCH_CALLS: calls per list (default 300, after a tenth of them unmeasured).
 * - BENCH_DATABASE_URL (else TEST_DATABASE_URL): the PostgreSQL to measure besides PGlite; a database
 *   `<name>_flowtodo_100000` is made beside it and kept, as is a PGlite folder, so a second run starts at once.
 * - BENCH_DATABASES: `pglite`, `postgres` or both (default both, PostgreSQL when a URL is set).
 *
 * Alone: `npx tsx tests/bench/flow-todo.ts`. From the bench runner: `await benchFlowTodo()`.
 */
import { pathToFileURL } from 'node:url';
import { hashPassword, md5 } from '../../core/server/auth/password';
import type { Tx } from '../../core/server/db/types';
import { startServerProcess } from '../e2e/server-process';
import { benchTargets, ID_BASE, loadOnce, ms, readyLine, time, type BenchTarget } from './bench-kit';
import { signIn } from './list-load';

/** Changes when the rows below change: a database holding another recipe is loaded again. */
const RECIPE = 'flow-todo-v1';
const FINISHED = 100_000;
const OPEN = 1_000;
const MEMBERS = 20;
const CLAIMABLE = 200;
/** Finished instances per transaction (an embedded database keeps a transaction's changes in memory). */
const CHUNK = 25_000;
const PAGE_SIZE = 10;
const WORK = '/api/blade-flow/work';
const MEASURED = 'flowbench01';

const TENANT = '000000';
const id = (offset: number) => (BigInt(ID_BASE) + BigInt(offset)).toString();
/** Where each kind of row's ids start, above ID_BASE: far apart, so the kinds never meet. */
const IDS = { role: 1_000_000_000, user: 1_000_000_100, deployment: 1_000_000_000, instance: 0, doneTask: 0, openTask: 10_000_000, claimTask: 20_000_000, activity: 0 };
const DEFINITION = `FlowBench:1:${id(IDS.deployment)}`;
const account = (k: number) => `flowbench${String(k + 1).padStart(2, '0')}`;

/** The members, their role and the definition; what an earlier load left removed first. */
async function people(tx: Tx): Promise<void> {
  for (const table of ['flow_activity', 'flow_task', 'flow_instance']) await tx.query(`delete from ${table} where id >= $1::bigint`, [ID_BASE]);
  await tx.query(`delete from flow_definition where id = $1`, [DEFINITION]);
  await tx.query(`delete from blade_user where tenant_id = $1 and account like 'flowbench%'`, [TENANT]);
  await tx.query(`delete from blade_role where id = $1`, [id(IDS.role)]);
  await tx.query(`insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, $2, 0, 'flow bench', 91, 'flowbench')`, [id(IDS.role), TENANT]);
  const hashes = await Promise.all(Array.from({ length: MEMBERS }, (_, k) => hashPassword(md5(account(k)))));
  await tx.query(
    `insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, status)
     select $1::bigint + k, $2, 'flowbench' || lpad((k + 1)::text, 2, '0'), ($3::text[])[k + 1], 'flowbench' || (k + 1), '流程成员' || (k + 1), $4, 1
       from generate_series(0, $5::int - 1) k`,
    [id(IDS.user), TENANT, hashes, id(IDS.role), MEMBERS],
  );
  await tx.query(
    `insert into flow_definition (id, tenant_id, process_key, name, version, category, deployment_id, deployment_name, resource_name, xml, suspension_state, deploy_time)
     values ($1, $2, 'FlowBench', '压测审批', 1, 'flow_2', $3, '压测审批', 'FlowBench.bpmn20.xml', '<definitions/>', 1, now() - interval '400 days')`,
    [DEFINITION, TENANT, id(IDS.deployment)],
  );
}

/** Finished instances first..last: started over the last year by member g % 20, done by the next two. */
async function finished(tx: Tx, first: number, last: number): Promise<void> {
  const params = [ID_BASE, first, last, TENANT, DEFINITION, id(IDS.user), MEMBERS];
  const series = `generate_series($2::int, $3::int) g, lateral (select date_trunc('second', now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second') as began) s`;
  await tx.query(
    `insert into flow_instance (id, tenant_id, definition_id, business_key, start_user, start_user_name, start_time, end_time, status, variables, revision)
     select $1::bigint + g, $4, $5, 'flow_general:' || ($1::bigint + g), $6::bigint + g % $7, '流程成员' || (g % $7 + 1), s.began, s.began + interval '2 hours', 'finished',
            jsonb_build_object('title', '申请 ' || g, 'reason', '压测', 'createUser', 'flowbench' || lpad((g % $7 + 1)::text, 2, '0'), 'pass', true), 3
       from ${series}`,
    params,
  );
  await tx.query(
    `insert into flow_task (id, tenant_id, instance_id, definition_id, activity_id, name, assignee, status, create_time, claim_time, end_time, comment, pass)
     select $1::bigint + 2 * g - 1 + n, $4, $1::bigint + g, $5, case n when 0 then 'first' else 'second' end, case n when 0 then '部门审批' else '经理审批' end,
            $6::bigint + (g + 1 + n) % $7, 'done', s.began + n * interval '1 hour', null, s.began + (n + 1) * interval '1 hour', '同意', true
       from ${series}, generate_series(0, 1) n`,
    params,
  );
  await tx.query(
    `insert into flow_activity (id, tenant_id, instance_id, activity_id, activity_name, activity_type, task_id, assignee, start_time, end_time, comment)
     select $1::bigint + 4 * g - 3 + n, $4, $1::bigint + g,
            (array['start', 'first', 'second', 'end'])[n + 1], (array['开始', '部门审批', '经理审批', '结束'])[n + 1],
            (array['startEvent', 'userTask', 'userTask', 'endEvent'])[n + 1],
            case when n in (1, 2) then $1::bigint + 2 * g - 2 + n end,
            case n when 0 then $5::bigint + g % $6 when 3 then null else $5::bigint + (g + n) % $6 end,
            s.began + least(n, 2) * interval '1 hour', s.began + least(n, 2) * interval '1 hour' + case when n in (1, 2) then interval '1 hour' else interval '0' end,
            case when n in (1, 2) then '同意' else '' end
       from ${series}, generate_series(0, 3) n`,
    [ID_BASE, first, last, TENANT, id(IDS.user), MEMBERS],
  );
}

/** Running instances: each with a task to do for member g % 20; the first 200 with a task to claim besides. */
async function running(tx: Tx): Promise<void> {
  const params = [ID_BASE, FINISHED + 1, FINISHED + OPEN, TENANT, DEFINITION, id(IDS.user), MEMBERS];
  const series = `generate_series($2::int, $3::int) g, lateral (select date_trunc('second', now() - (g % 30) * interval '1 day' - (g % 3600) * interval '1 second') as began) s`;
  await tx.query(
    `insert into flow_instance (id, tenant_id, definition_id, business_key, start_user, start_user_name, start_time, status, variables, engine_state, revision)
     select $1::bigint + g, $4, $5, 'flow_general:' || ($1::bigint + g), $6::bigint + (g + 7) % $7, '流程成员', s.began, 'running',
            jsonb_build_object('title', '申请 ' || g, 'reason', '压测'), '{}'::jsonb, 1
       from ${series}`,
    params,
  );
  await tx.query(
    `insert into flow_task (id, tenant_id, instance_id, definition_id, activity_id, name, assignee, status, create_time)
     select $1::bigint + ${IDS.openTask} + g, $4, $1::bigint + g, $5, 'second', '经理审批', $6::bigint + g % $7, 'todo', s.began + interval '1 hour'
       from ${series}`,
    params,
  );
  await tx.query(
    `insert into flow_task (id, tenant_id, instance_id, definition_id, activity_id, name, candidate_groups, status, create_time)
     select $1::bigint + ${IDS.claimTask} + g, $4, $1::bigint + g, $5, 'countersign', '会签', array[case when g % 2 = 0 then 'flowbench' else 'hr' end]::varchar[], 'claim', s.began + interval '1 hour'
       from ${series} where g < $2::int + ${CLAIMABLE}`,
    params.slice(0, 5),
  );
}

function prepare(target: BenchTarget) {
  return loadOnce(target, {
    table: 'flow_instance',
    mark: `bench:${RECIPE}:${FINISHED}:${OPEN}`,
    vacuum: ['flow_instance', 'flow_task', 'flow_activity', 'flow_definition', 'blade_user'],
    load: async (server, stale) => {
      if (!stale) return;
      await server.ctx.db.system((tx) => people(tx));
      for (let from = 1; from <= FINISHED; from += CHUNK) await server.ctx.db.system((tx) => finished(tx, from, Math.min(FINISHED, from + CHUNK - 1)));
      await server.ctx.db.system((tx) => running(tx));
    },
  });
}

const LISTS = ['todo-list', 'claim-list', 'done-list', 'send-list', 'waiting'] as const;

export async function benchFlowTodo(options: { log?: (line: string) => void } = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const calls = Number(process.env.BENCH_CALLS ?? 300);
  log(
    `\nwork lists: GET ${WORK}/<list>?current=1&size=${PAGE_SIZE} on ${FINISHED.toLocaleString('en')} finished and ${OPEN.toLocaleString('en')} running instances (tenant ${TENANT}, ${MEMBERS} members), as ${MEASURED}; ${calls} calls per list one after the other; ms`,
  );
  for (const makeTarget of benchTargets('flowtodo', FINISHED, log)) {
    const target = await makeTarget();
    log(readyLine(target, await prepare(target)));
    const server = await startServerProcess({ ...target.env, RATE_LIMITS: 'off' }, { browserApp: false });
    try {
      const headers = { 'Blade-Auth': `bearer ${await signIn(server.url, MEASURED)}` };
      log(`      ${'list'.padEnd(12)}      p50      p95      p99    total`);
      for (const list of LISTS) {
        const r = await time(calls, () => fetch(`${server.url}${WORK}/${list}?current=1&size=${PAGE_SIZE}`, { headers }));
        log(`      ${list.padEnd(12)} ${ms(r.p50, 8)} ${ms(r.p95, 8)} ${ms(r.p99, 8)} ${String(r.total).padStart(8)}${r.errors ? `  (${r.errors} errors)` : ''}`);
      }
    } finally {
      await server.stop();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchFlowTodo().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
