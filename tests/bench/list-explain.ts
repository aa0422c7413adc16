/**
 * What the database does for one list request: the request runs in-process on a server whose database
 * layer records every statement the engine sends (with its bound values), then the transaction that read
 * the entity's table is replayed with `EXPLAIN ANALYZE` on those reads. Prints the statements a request
 * costs and, per read, PostgreSQL's own planning and execution times and the plan's shape.
 */
import type { Db, Tx } from '../../core/server/db/types';
import { silentLogger } from '../../core/server/context';
import { openServer } from '../../core/server/start';
import { loadServerPlugins } from '../../app/server-plugins';
import { md5 } from '../../core/server/auth/password';
import { anchorOf, listUrl, type ListCase } from './list-load';
import { TOKEN_SECRET, type BenchTarget } from './list-data';

interface Statement {
  sql: string;
  params?: readonly unknown[];
  /** Sent inside `asOwner` (replayed there too). */
  owner: boolean;
}

interface RecordedTransaction {
  scope: 'tenant' | 'global' | 'system';
  tenantId?: string;
  statements: Statement[];
}

export interface ExplainedRead {
  /** `count`, `page`, or `page + count` (one statement doing both). */
  role: string;
  planningMs: number;
  executionMs: number;
  /** The plan's nodes, outermost first: `Limit > Index Scan (blade_post_list_1a2b3c4d)`. */
  shape: string;
}

export interface ExplainResult {
  /** Statements the request sent, over all its transactions (begin, the tenant's settings and commit counted). */
  statements: number;
  transactions: number;
  reads: ExplainedRead[];
}

/** A database layer that records each transaction's statements (`fn` sees a Tx that logs, then forwards). */
function recording(db: Db, log: RecordedTransaction[]): Db {
  const wrap = (tx: Tx, entry: RecordedTransaction, owner = false): Tx => {
    const note = (sql: string, params?: readonly unknown[]) => entry.statements.push({ sql, params: params && [...params], owner });
    return {
      query: (sql, params) => (note(sql, params), tx.query(sql, params)),
      one: (sql, params) => (note(sql, params), tx.one(sql, params)),
      exec: (sql) => (note(sql), tx.exec(sql)),
      ...(tx.asOwner ? { asOwner: (tenantId, read) => tx.asOwner!(tenantId, (inner) => read(wrap(inner, entry, true))) } : {}),
    };
  };
  const begin = (scope: RecordedTransaction['scope'], tenantId?: string) => {
    const entry: RecordedTransaction = { scope, tenantId, statements: [] };
    log.push(entry);
    return entry;
  };
  return {
    ...db,
    tenant: (tenantId, fn) => {
      const entry = begin('tenant', tenantId);
      return db.tenant(tenantId, (tx) => fn(wrap(tx, entry)));
    },
    global: (fn) => {
      const entry = begin('global');
      return db.global((tx) => fn(wrap(tx, entry)));
    },
    system: (fn) => {
      const entry = begin('system');
      return db.system((tx) => fn(wrap(tx, entry)));
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function shapeOf(node: PlanNode, depth = 0): string {
  const here = `${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : node['Relation Name'] ? ` (${node['Relation Name']})` : ''}`;
  const below = (node.Plans ?? []).map((child) => shapeOf(child, depth + 1)).filter(Boolean);
  if (depth >= 5 || below.length === 0) return here;
  return `${here} > ${below.length === 1 ? below[0] : `[${below.join(' | ')}]`}`;
}

/**
 * What a transaction sent: begin and commit; its statements; for a request transaction, the switch to
 * the request role and tenant before each run of ordinary statements and the switch to the owner before
 * each run of owner reads that follows one (it opens as the owner).
 */
function sent(t: RecordedTransaction): number {
  let switches = 0;
  if (t.scope !== 'system') t.statements.forEach((s, i) => (i === 0 ? !s.owner : s.owner !== t.statements[i - 1]!.owner) && switches++);
  return 2 + t.statements.length + switches;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Reads of `table` in the statements: what EXPLAIN ANALYZE is run on. */
const readsTable = (sql: string, table: string) => /^\s*(with|select)\b/i.test(sql) && new RegExp(`\\b${table}\\b`).test(sql);

function roleOf(sql: string): string {
  if (/^\s*select count\(\*\)/i.test(sql)) return 'count';
  return /count\(\*\)/i.test(sql) ? 'page + count' : 'page';
}

/**
 * Opens the target in-process, signs in the case's account, sends one request of each case and replays
 * the transaction that read `table` with EXPLAIN ANALYZE (three times, the median kept).
 */
export async function explainCases(target: BenchTarget, rows: number, cases: readonly ListCase[], table = 'blade_post'): Promise<Map<string, ExplainResult>> {
  const server = await openServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, distDir: null, plugins: await loadServerPlugins(), log: silentLogger, tokenSecret: TOKEN_SECRET });
  const plain = server.ctx.db;
  const results = new Map<string, ExplainResult>();
  try {
    const tokens = new Map<string, string>();
    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    for (const account of new Set(cases.map((c) => c.account))) {
      const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5(account), grant_type: 'password', scope: 'all' });
      const res = await server.app.request(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: basic, 'Tenant-Id': '000000' } });
      tokens.set(account, ((await res.json()) as { access_token: string }).access_token);
    }
    for (const list of cases) {
      const log: RecordedTransaction[] = [];
      server.ctx.db = recording(plain, log);
      const headers = { 'Blade-Auth': `bearer ${tokens.get(list.account)}` };
      const anchor = await anchorOf(list, rows, async (path) => (await server.app.request(path, { headers })).json());
      const url = listUrl('', { ...list.query(rows, () => 0), ...anchor });
      // Twice: the first fills the server's caches (permissions, scopes), the second is what a request costs.
      await server.app.request(url, { headers: { 'Blade-Auth': `bearer ${tokens.get(list.account)}` } });
      log.length = 0;
      const res = await server.app.request(url, { headers: { 'Blade-Auth': `bearer ${tokens.get(list.account)}` } });
      server.ctx.db = plain;
      if (res.status !== 200) throw new Error(`explain: ${list.label} answered ${res.status}`);
      const reads: ExplainedRead[] = [];
      for (const transaction of log.filter((t) => t.statements.some((s) => readsTable(s.sql, table)))) {
        const replay = async (tx: Tx) => {
          const found: { role: string; planning: number; execution: number; shape: string }[] = [];
          const run = async (on: Tx, statement: Statement) => {
            if (!readsTable(statement.sql, table)) {
              await on.query(statement.sql, statement.params);
              return;
            }
            const [plan] = (await on.one<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] }>(`explain (analyze, format json) ${statement.sql}`, statement.params))!['QUERY PLAN'];
            found.push({ role: roleOf(statement.sql), planning: plan['Planning Time'], execution: plan['Execution Time'], shape: shapeOf(plan.Plan) });
          };
          const statements = transaction.statements;
          for (let i = 0; i < statements.length; i++) {
            if (!statements[i]!.owner || !tx.asOwner) {
              await run(tx, statements[i]!);
              continue;
            }
            let end = i;
            while (end < statements.length && statements[end]!.owner) end++;
            const group = statements.slice(i, end);
            await tx.asOwner(transaction.tenantId ?? '', async (owner) => {
              for (const statement of group) await run(owner, statement);
            });
            i = end - 1;
          }
          return found;
        };
        const runs: Awaited<ReturnType<typeof replay>>[] = [];
        for (let i = 0; i < 3; i++) {
          runs.push(await (transaction.scope === 'tenant' ? plain.tenant(transaction.tenantId!, replay) : transaction.scope === 'global' ? plain.global(replay) : plain.system(replay)));
        }
        runs[0]!.forEach((read, i) => reads.push({ role: read.role, shape: read.shape, planningMs: median(runs.map((r) => r[i]!.planning)), executionMs: median(runs.map((r) => r[i]!.execution)) }));
      }
      results.set(list.label, { statements: log.reduce((sum, t) => sum + sent(t), 0), transactions: log.length, reads });
    }
  } finally {
    server.ctx.db = plain;
    await server.close();
  }
  return results;
}
