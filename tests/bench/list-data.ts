/**
 * The rows the list bench reads: `rows` posts (blade_post, an engine entity with a substring search, an
 * equality filter and a sort) in tenant 000000, made with generate_series in SQL, and a reader whose data
 * scope (own department and its children) admits half of them. A database keeps what it was seeded with:
 * the next run of the same size finds it (a comment on the table names the recipe and the size) and only
 * lets the server bring its schema up to date.
 * - PostgreSQL: one database per size next to the one BENCH_DATABASE_URL names (`<name>_bench_<rows>`);
 *   when the role may not create databases, that database itself, seeded again whenever the size changes.
 * - PGlite: one data folder per size under the system's temporary folder.
 */
import { hashPassword, md5 } from '../../core/server/auth/password';
import { SEED } from '../../core/server/seed/kernel-seed';
import { insertUser } from '../../core/server/user/users';
import { ID_BASE, openBenchServer, pgliteAt, postgresBeside, vacuum, type BenchTarget } from './bench-kit';

export { ID_BASE, TOKEN_SECRET, type BenchTarget } from './bench-kit';

const OTHER_DEPT = '8000000000000000001';
/** The bench reader's rows (fixed ids, in tables where the bench's posts do not go). */
const READER = { roleId: '8000000000000000002', userId: '8000000000000000003', scopeId: '8000000000000000004', roleScopeId: '8000000000000000005' };
export const BENCH_ACCOUNT = 'bench';
/** Changes when the rows below change: a database seeded by another recipe is seeded again. */
const RECIPE = 'posts-v1';

/** A PGlite data folder for this size, kept between runs. */
export const pgliteTarget = (rows: number): BenchTarget => pgliteAt(`pglite-${rows}`);

/** A PostgreSQL database for this size beside the one `url` names (that one itself when none may be made). */
export const postgresTarget = (url: string, rows: number): Promise<BenchTarget> => postgresBeside(url, `bench_${rows}`);

/**
 * Brings the target to `rows` bench posts: migrates it as `npm start` would (so the engine's indexes of
 * the code being measured exist), seeds it when it holds another recipe or size, and returns whether it
 * seeded. Row g: category 1 + g % 4, code `B<g>`, name `岗位 <g>`, sort g % 1000, made g seconds ago,
 * in the seeded department when g is even and in another one when odd.
 */
export async function prepareTarget(target: BenchTarget, rows: number): Promise<{ seeded: boolean; seconds: number }> {
  const started = Date.now();
  const server = await openBenchServer(target);
  const mark = `bench:${RECIPE}:${rows}`;
  let seeded = false;
  try {
    // The reader first, with fixed ids: a long seeding transaction holds an embedded database's one
    // connection, so the server's worker-id lease cannot be renewed meanwhile and it makes no id after it.
    await server.ctx.db.system(async (tx) => {
      // A reader whose data scope on posts is "own department and its children" (type 4 on create_dept).
      if (!(await tx.one(`select 1 from blade_user where tenant_id = '000000' and account = $1 and is_deleted = 0`, [BENCH_ACCOUNT]))) {
        await tx.query(`insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) values ($1, '000000', 0, 'bench', 90, 'bench_reader')`, [READER.roleId]);
        await tx.query(
          `insert into blade_role_menu (id, tenant_id, menu_id, role_id) select $1::bigint + row_number() over (), '000000', id, $2 from blade_menu where code in ('post', 'post_view')`,
          [ID_BASE, READER.roleId],
        );
        await insertUser(tx, server.ctx.ids, { id: READER.userId, tenantId: '000000', account: BENCH_ACCOUNT, passwordHash: await hashPassword(md5(BENCH_ACCOUNT)), name: 'bench', realName: 'bench', roleIds: [READER.roleId], deptIds: [SEED.deptId] });
        await tx.query(`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort) values ($1, '000000', 0, '0', 'bench other', 'bench other', 99) on conflict do nothing`, [OTHER_DEPT]);
      }
      if (!(await tx.one(`select 1 from blade_scope_data where id = $1 and is_deleted = 0`, [READER.scopeId]))) {
        await tx.query(
          `insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type) select $1, id, 'post', 'bench scope', 'create_dept', 4 from blade_menu where code = 'post'`,
          [READER.scopeId],
        );
        await tx.query(`insert into blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) values ($1, '000000', 1, $2, $3)`, [READER.roleScopeId, READER.scopeId, READER.roleId]);
      }
    });
    await server.ctx.db.system(async (tx) => {
      const comment = await tx.one<{ note: string | null }>(`select obj_description('blade_post'::regclass, 'pg_class') as note`);
      if (comment?.note === mark) return;
      seeded = true;
      await tx.query(`delete from blade_post where id >= $1::bigint`, [ID_BASE]);
      await tx.query(
        `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, remark, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         select $1::bigint + g, '000000', 1 + g % 4, 'B' || g, '岗位 ' || g, g % 1000, null,
                $3::bigint, case when g % 2 = 0 then $4::bigint else $5::bigint end, now() - g * interval '1 second', $3::bigint, now() - g * interval '1 second', 1, 0
           from generate_series(1, $2::int) g`,
        [ID_BASE, rows, SEED.adminUserId, SEED.deptId, OTHER_DEPT],
      );
      await tx.exec(`comment on table blade_post is '${mark}'`);
    });
  } finally {
    await server.close();
  }
  await vacuum(target, ['blade_post']);
  return { seeded, seconds: (Date.now() - started) / 1000 };
}
