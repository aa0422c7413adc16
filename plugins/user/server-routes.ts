import type { Context, Hono } from 'hono';
import {
  type AppEnv,
  assertPermission,
  type AuthUser,
  bizError,
  crudDataScope,
  crudRepo,
  currentMember,
  formatError,
  hashPassword,
  initialPassword,
  logEvent,
  md5,
  missingParam,
  MSG,
  num,
  parseId,
  parseIds,
  rData,
  readParams,
  requirePermission,
  revokeUserSessions,
  rStatus,
  type ServerContext,
  str,
  type Tx,
  type Where,
} from '../../core/sdk/server';
import { userEntity, USER_TYPES } from './entities';
import { attachment, exportWorkbook, languageOf, readImportSheet, templateWorkbook, XLSX_TYPE } from './server-excel';
import { importUsers } from './server-import';
import { userListParams } from './server-resource';
import { assertMayTouch, assertRefs, MSG_MISSING, userVOs, usersByIds } from './server-users';
import { describeRoute, textParams, uploadedSheet } from '../../core/sdk/server';

/**
 * The user endpoints besides the engine's (BladeX's `/api/blade-user/*` on the kernel's `blade_user`):
 * password reset, roles, platform texts, the member list and the Excel export and import. Every one
 * checks its permission code in the caller's tenant transaction (403 `没有权限执行此操作`) and touches only
 * that tenant's rows: another tenant's ids do not exist here.
 */
const BASE = '/blade-user';
const MAX_EXT = 255;
const MAX_EXPORT = 10_000;

const CODE = {
  reset: 'user_reset',
  grant: 'user_role',
  platform: 'user_platform',
  import: 'user_import',
  export: 'user_export',
} as const;

/**
 * The parameters of a POST as BladeX's `@RequestParam` reads them: the query string, a form body, or
 * (ours) a JSON object body; the query wins.
 */
async function readArgs(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (/application\/json/i.test(type)) {
    const text = (await c.req.text()).trim();
    let body: unknown = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw bizError(MSG.badJson);
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bizError(formatError('body'));
    return { ...(body as Record<string, unknown>), ...c.req.query() };
  }
  return readParams(c);
}

export function userRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(userEntity, ctx.ids);
  const inTenant = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) => ctx.db.tenant(user.tenantId, work);

  const params = userListParams(ctx);

  /** The export's conditions: the list's filters, its own parameters and the caller's data scope. */
  const exportQuery = async (tx: Tx, user: AuthUser, query: Record<string, string>) => {
    const { language: _language, ...filters } = query;
    const where: Where[] = [];
    for (const [key, toWhere] of Object.entries(params)) {
      const value = filters[key]?.trim();
      delete filters[key];
      if (value) where.push(await toWhere(value, { tx, user }));
    }
    const scope = await crudDataScope(ctx, tx, user, userEntity);
    return { filters, where: scope ? [...where, scope] : where };
  };

  /** Any signed-in member: who is in the tenant (approver pickers), names only. */
  api.get(`${BASE}/user-list`, describeRoute({ summary: { zh: '本租户的用户（仅姓名，任何成员）', en: "The tenant's users (names only; any member)" } }), async (c) => {
    const user = currentMember(c);
    const rows = await inTenant(user, (tx) =>
      tx.query<{ id: string; account: string; name: string | null; real_name: string | null }>(
        `select id::text as id, account, name, real_name from blade_user where tenant_id = $1 and is_deleted = 0 and status = 1 order by account limit ${MAX_EXPORT}`,
        [user.tenantId],
      ),
    );
    return c.json(rData(rows.map((r) => ({ id: r.id, account: r.account, name: str(r.name), realName: str(r.real_name) }))));
  });

  api.post(`${BASE}/reset-password`, describeRoute({ summary: { zh: '重置用户密码为初始密码', en: 'Reset users\' passwords to the initial one' }, description: { zh: '其会话随之结束。参数也可放在 JSON 体中。', en: 'Their sessions end. Parameters may also come in a JSON body.' }, params: textParams({ 'userIds!': { zh: '用户主键，逗号分隔', en: 'User ids, comma-joined' } }) }), async (c) => {
    const user = currentMember(c);
    const ids = parseIds((await readArgs(c)).userIds, 'userIds');
    const count = await inTenant(user, async (tx) => {
      await assertPermission(tx, user, CODE.reset);
      const targets = await usersByIds(tx, user.tenantId, ids);
      await assertMayTouch(tx, user, targets);
      if (targets.length === 0) return 0;
      // One hash for the batch: every account gets the tenant's initial password.
      const hash = await hashPassword(md5(await initialPassword(ctx.extensions, tx, user.tenantId)));
      const now = ctx.now();
      for (const target of targets) {
        const id = str(target.id);
        await tx.query('update blade_user set password = $3, update_user = $4, update_time = $5 where tenant_id = $1 and id = $2', [user.tenantId, id, hash, user.userId, now]);
        await revokeUserSessions(ctx, tx, user.tenantId, id, id === user.userId ? user.sessionId : undefined);
      }
      return targets.length;
    });
    if (count > 0) logEvent(c, ctx, { event: 'password.reset', data: { userIds: ids, count } });
    return c.json(rStatus(count > 0));
  });

  api.post(`${BASE}/grant`, describeRoute({ summary: { zh: '设置用户的角色', en: "Set users' roles" }, description: { zh: '参数也可放在 JSON 体中。', en: 'Parameters may also come in a JSON body.' }, params: textParams({ 'userIds!': { zh: '用户主键，逗号分隔', en: 'User ids, comma-joined' }, 'roleIds!': { zh: '角色主键，逗号分隔', en: 'Role ids, comma-joined' } }) }), async (c) => {
    const user = currentMember(c);
    const args = await readArgs(c);
    const userIds = parseIds(args.userIds, 'userIds');
    const roleIds = parseIds(args.roleIds, 'roleIds');
    const count = await inTenant(user, async (tx) => {
      await assertPermission(tx, user, CODE.grant);
      await assertRefs(tx, user, { roleIds }, ctx.extensions.names);
      const targets = await usersByIds(tx, user.tenantId, userIds);
      await assertMayTouch(tx, user, targets);
      if (targets.length === 0) return 0;
      const rows = await tx.query(
        `update blade_user set role_id = $3, update_user = $4, update_time = $5 where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 returning id`,
        [user.tenantId, targets.map((t) => str(t.id)), roleIds.join(','), user.userId, ctx.now()],
      );
      return rows.length;
    });
    return c.json(rStatus(count > 0));
  });

  // ---- platform (BladeX blade_user_web / _app / _other, one table here) ----------------------------

  api.get(`${BASE}/platform-detail`, describeRoute({ summary: { zh: '用户的平台扩展信息', en: "A user's platform details" }, query: textParams({ 'id!': { zh: '用户主键', en: 'User id' } }) }), async (c) => {
    const user = currentMember(c);
    const id = parseId(c.req.query('id'));
    const vo = await inTenant(user, async (tx) => {
      await assertPermission(tx, user, CODE.platform);
      const row = await repo.find(tx, user, id);
      if (!row) return null;
      const exts = await tx.query<{ user_type: number; user_ext: string | null }>(
        'select user_type, user_ext from blade_user_ext where tenant_id = $1 and user_id = $2',
        [user.tenantId, id],
      );
      const userExts = Object.fromEntries(USER_TYPES.map((t) => [String(t.value), str(exts.find((e) => e.user_type === t.value)?.user_ext)]));
      const [base] = await userVOs(tx, user.tenantId, [row], ctx.extensions.names);
      return { ...base!, userExt: userExts[String(num(row.user_type))] ?? '', userExts };
    });
    return c.json(rData(vo));
  });

  // Refuse before reading the input: a caller without the code learns nothing from validation messages.
  api.post(`${BASE}/update-platform`, describeRoute({ summary: { zh: '修改用户的平台扩展信息', en: "Change a user's platform details" }, description: { zh: '参数也可放在 JSON 体中。', en: 'Parameters may also come in a JSON body.' }, params: textParams({ 'userId!': { zh: '用户主键', en: 'User id' }, 'userType!': { zh: '平台类型', en: 'Platform type' }, userExt: { zh: '扩展信息', en: 'Details' } }) }), requirePermission(ctx, CODE.platform), async (c) => {
    const user = currentMember(c);
    const args = await readArgs(c);
    const userId = parseId(args.userId === undefined || args.userId === null ? undefined : String(args.userId), 'userId');
    const type = String(args.userType ?? '').trim();
    if (!type) throw missingParam('userType');
    if (!USER_TYPES.some((t) => String(t.value) === type)) throw bizError(formatError('userType'));
    const ext = args.userExt === undefined || args.userExt === null ? '' : args.userExt;
    if (typeof ext !== 'string') throw bizError(formatError('userExt'));
    if (ext.length > MAX_EXT) throw bizError(MSG.tooLong('userExt', MAX_EXT));
    await inTenant(user, async (tx) => {
      await assertPermission(tx, user, CODE.platform);
      const target = await repo.find(tx, user, userId);
      if (!target) throw bizError(MSG_MISSING);
      await assertMayTouch(tx, user, [target]);
      await tx.query(
        `insert into blade_user_ext (id, tenant_id, user_id, user_type, user_ext, create_time, update_time) values ($1, $2, $3, $4, $5, $6, $6)
         on conflict (user_id, user_type) do update set user_ext = excluded.user_ext, update_time = excluded.update_time`,
        [ctx.ids.next(), user.tenantId, userId, Number(type), ext, ctx.now()],
      );
    });
    return c.json(rStatus(true));
  });

  // ---- Excel ---------------------------------------------------------------------------------------

  api.get(`${BASE}/export-user`, describeRoute({ summary: { zh: '导出用户（Excel）', en: 'Export users (Excel)' }, description: { zh: '条件同用户列表。', en: 'The same conditions as the user list.' }, query: textParams({ language: { zh: '表头语言：zh 或 en', en: 'Language of the headings: zh or en' } }), entity: userEntity, filters: true, answer: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', format: 'binary' } } }), async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const users = await inTenant(user, async (tx) => {
      await assertPermission(tx, user, CODE.export);
      const { filters, where } = await exportQuery(tx, user, query);
      return userVOs(tx, user.tenantId, await repo.rows(tx, user, filters, { where, limit: MAX_EXPORT }), ctx.extensions.names);
    });
    const bytes = await exportWorkbook(users, languageOf(query.language));
    const day = ctx.now().toISOString().slice(0, 10).replaceAll('-', '');
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': attachment(`users-${day}.xlsx`, `${languageOf(query.language) === 'en' ? 'users' : '用户数据'}-${day}.xlsx`),
      'Cache-Control': 'no-store',
    });
  });

  api.get(`${BASE}/export-template`, describeRoute({ summary: { zh: '下载用户导入模板（Excel）', en: 'The user import template (Excel)' }, query: textParams({ language: { zh: '表头语言：zh 或 en', en: 'Language of the headings: zh or en' } }), answer: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', format: 'binary' } } }), async (c) => {
    const user = currentMember(c);
    await inTenant(user, (tx) => assertPermission(tx, user, CODE.import));
    const language = languageOf(c.req.query('language'));
    const bytes = await templateWorkbook(language);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': attachment('user-template.xlsx', language === 'en' ? 'user-template.xlsx' : '用户导入模板.xlsx'),
      'Cache-Control': 'no-store',
    });
  });

  api.post(`${BASE}/import-user`, describeRoute({ summary: { zh: '导入用户（Excel）', en: 'Import users (Excel)' }, description: { zh: '返回逐行的导入结果。', en: 'Answers a report per row.' }, query: textParams({ isCovered: { zh: '覆盖已有账号：1/true 或 0/false', en: 'Overwrite existing accounts: 1/true or 0/false' } }), multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } }), async (c) => {
    const user = currentMember(c);
    await inTenant(user, (tx) => assertPermission(tx, user, CODE.import));
    const { bytes, form } = await uploadedSheet(c);
    const flag = String(c.req.query('isCovered') ?? (typeof form.isCovered === 'string' ? form.isCovered : '')).trim().toLowerCase();
    if (!['', '0', '1', 'true', 'false'].includes(flag)) throw bizError(formatError('isCovered'));
    const covered = flag === '1' || flag === 'true';
    const rows = await readImportSheet(bytes);
    const report = await inTenant(user, (tx) => importUsers(tx, repo, user, rows, covered, ctx.now(), ctx.extensions));
    return c.json(rData(report));
  });
}
