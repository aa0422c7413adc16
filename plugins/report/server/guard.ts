import { loadModule, parseSync, scanSync } from 'libpg-query';
import { bizError, type LocalText } from '../../../core/sdk/server';
import { CAST_TYPES, FUNCTIONS, SENSITIVE_COLUMNS, SENSITIVE_TABLES, TIME_VALUE_FUNCTIONS } from './allowed';
import { TEXT } from './texts';

/**
 * The SQL of a report, judged by PostgreSQL's own parser (libpg-query) before it is saved and again
 * before every run: exactly one SELECT, without INTO, row locks, data-modifying or recursive WITH; every
 * table one the caller's tenant may read (see allowed.ts), every function, cast and operator in the lists.
 * The walk is over every node of the tree and refuses any kind of node it does not know, so a construct
 * added to PostgreSQL later is refused until someone has looked at it.
 */

type Node = Record<string, unknown>;

let loading: Promise<void> | undefined;
/** The parser is WebAssembly: loaded once, by the first report that needs it. */
export const parserReady = (): Promise<void> => (loading ??= loadModule());

/** The kinds of node a SELECT of the allowed shape is made of. */
const NODES = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'A_Star', 'A_Const', 'Integer', 'Float', 'Boolean', 'FuncCall', 'TypeCast',
  'TypeName', 'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr', 'SubLink',
  'RangeVar', 'RangeSubselect', 'RangeFunction', 'JoinExpr', 'Alias', 'SortBy', 'WindowDef', 'WithClause', 'CommonTableExpr',
  'ParamRef', 'List', 'A_ArrayExpr', 'A_Indirection', 'A_Indices', 'RowExpr', 'GroupingSet', 'SQLValueFunction', 'CollateClause',
  'NamedArgExpr',
]);

const refuse = (text: LocalText): never => {
  throw bizError(text);
};

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => ((item as Node).String as { sval?: string } | undefined)?.sval ?? '').filter(Boolean) : [];

/** The one statement of a text, or a refusal (syntax errors with PostgreSQL's message). */
export function parseOne(sql: string): Node {
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(sql) as unknown as typeof tree;
  } catch (error) {
    return refuse(TEXT.sqlSyntax(error instanceof Error ? error.message : String(error)));
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) return refuse(TEXT.oneStatement);
  const stmt = stmts[0]!.stmt;
  const kind = Object.keys(stmt)[0] ?? '';
  if (kind !== 'SelectStmt') return refuse(TEXT.selectOnly(kind.replace(/Stmt$/, '').toUpperCase()));
  return stmt;
}

interface Walk {
  readable: ReadonlySet<string>;
  /** The tables the statement reads. */
  read: Set<string>;
  /** Names and aliases of the tables read that hold sensitive columns. */
  sensitiveNames: Map<string, string>;
  stars: number;
  wholeRows: Set<string>;
}

/**
 * Refuses the statement unless it reads only `readable` tables through allowed constructs (`readable`:
 * readableTables() of the caller's database); answers the tables it reads.
 */
export function checkSelect(stmt: Node, readable: ReadonlySet<string>): Set<string> {
  const walk: Walk = { readable, read: new Set(), sensitiveNames: new Map(), stars: 0, wholeRows: new Set() };
  visit(walk, stmt, new Set());
  const [table] = walk.sensitiveNames.values();
  if (table && walk.stars > 0) refuse(TEXT.starOnSensitive(table));
  for (const name of walk.wholeRows) {
    const held = walk.sensitiveNames.get(name);
    if (held) refuse(TEXT.starOnSensitive(held));
  }
  return walk.read;
}

/** Every node below `value`; `ctes`: the WITH names in scope there. */
function visit(walk: Walk, value: unknown, ctes: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(walk, item, ctes);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Node)) {
    // Node kinds are capitalised keys; lower-case keys are a node's fields.
    if (/^[A-Z]/.test(key)) node(walk, key, child as Node, ctes);
    else visit(walk, child, ctes);
  }
}

function node(walk: Walk, kind: string, body: Node, ctes: ReadonlySet<string>): void {
  if (!NODES.has(kind)) refuse(TEXT.syntax(kind));
  switch (kind) {
    case 'SelectStmt':
      return select(walk, body, ctes);
    case 'RangeVar':
      return table(walk, body, ctes);
    case 'FuncCall': {
      const name = strings(body.funcname);
      const fn = (name[name.length - 1] ?? '').toLowerCase();
      if ((name.length > 1 && name[0] !== 'pg_catalog') || name.length > 2 || !FUNCTIONS.has(fn)) refuse(TEXT.func(name.join('.')));
      break;
    }
    case 'TypeCast':
      // Its type is a field, not a node of its own.
      castType(body.typeName as Node | undefined);
      break;
    case 'TypeName':
      castType(body);
      break;
    case 'A_Expr': {
      const name = strings(body.name);
      if (name.length > 1 && name[0] !== 'pg_catalog') refuse(TEXT.operator(name.join('.')));
      break;
    }
    case 'SQLValueFunction':
      if (!TIME_VALUE_FUNCTIONS.has(String(body.op))) refuse(TEXT.syntax(String(body.op).replace(/^SVFOP_/, '')));
      break;
    case 'ColumnRef': {
      const fields = Array.isArray(body.fields) ? (body.fields as Node[]) : [];
      if (fields.some((f) => 'A_Star' in f)) walk.stars++;
      const names = strings(fields);
      const column = names[names.length - 1];
      if (column && sensitiveColumn(column)) refuse(TEXT.sensitiveColumn(column));
      // `o` alone names o's whole row (row_to_json(o), o::text): every column, the sensitive ones too.
      if (fields.length === 1 && column) walk.wholeRows.add(column);
      break;
    }
    case 'JoinExpr':
      for (const column of strings(body.usingClause)) if (sensitiveColumn(column)) refuse(TEXT.sensitiveColumn(column));
      break;
  }
  visit(walk, body, ctes);
}

function castType(typeName: Node | undefined): void {
  const name = strings(typeName?.names);
  const type = (name[name.length - 1] ?? '').toLowerCase();
  if ((name.length > 1 && name[0] !== 'pg_catalog') || name.length > 2 || !CAST_TYPES.has(type) || typeName?.setof) refuse(TEXT.type(name.join('.')));
}

const SENSITIVE = new Set(Object.values(SENSITIVE_COLUMNS).flat());
const sensitiveColumn = (name: string) => SENSITIVE.has(name.toLowerCase());

function select(walk: Walk, body: Node, ctes: ReadonlySet<string>): void {
  if (body.intoClause) refuse(TEXT.into);
  if (body.lockingClause) refuse(TEXT.locking);
  const { withClause, ...rest } = body;
  let scope = ctes;
  if (withClause) {
    // A field of the statement, not a node of its own in the tree.
    const clause = withClause as Node;
    if (clause.recursive) refuse(TEXT.recursive);
    for (const item of (clause.ctes as Node[] | undefined) ?? []) {
      const cte = item.CommonTableExpr as Node | undefined;
      if (!cte) return refuse(TEXT.syntax(Object.keys(item)[0] ?? 'WITH'));
      const query = cte.ctequery as Node | undefined;
      if (!query || !('SelectStmt' in query)) refuse(TEXT.modifyingCte);
      // A CTE sees the ones before it, not itself (not recursive): `with t as (select … from t)` reads the table t.
      const { ctequery: _query, ...others } = cte;
      visit(walk, others, scope);
      select(walk, (query as Node).SelectStmt as Node, scope);
      scope = new Set([...scope, String(cte.ctename)]);
    }
  }
  visit(walk, rest, scope);
}

function table(walk: Walk, body: Node, ctes: ReadonlySet<string>): void {
  const schema = typeof body.schemaname === 'string' ? body.schemaname : '';
  if (body.catalogname || (schema && schema !== 'public')) refuse(TEXT.schema(String(body.catalogname ?? schema)));
  const name = String(body.relname ?? '');
  if (!schema && ctes.has(name)) return;
  if (name in SENSITIVE_TABLES) refuse(TEXT.sensitiveTable(name));
  if (!walk.readable.has(name)) refuse(TEXT.notTenantTable(schema ? `${schema}.${name}` : name));
  walk.read.add(name);
  if (SENSITIVE_COLUMNS[name]) {
    const alias = ((body.alias as Node | undefined)?.aliasname as string | undefined) ?? name;
    walk.sensitiveNames.set(alias, name);
    walk.sensitiveNames.set(name, name);
  }
}

/** The tree without positions: two texts of the same statement give equal trees. */
export function shape(stmt: Node): string {
  return JSON.stringify(stmt, (key, value: unknown) => (POSITION.test(key) ? undefined : value));
}
const POSITION = /location$|^stmt_len$|list_(start|end)$/;

export { scanSync };
