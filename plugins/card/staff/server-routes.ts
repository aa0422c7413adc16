import type { Context, Hono } from 'hono';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  type AppEnv,
  assertAccountQuota,
  attachment,
  bizError,
  crudRepo,
  currentLanguage,
  currentMember,
  describeRoute,
  docText,
  hashPassword,
  initialPassword,
  insertUser,
  isUniqueViolation,
  md5,
  MSG,
  parseId,
  parseInput,
  rData,
  readJson,
  readParams,
  readSheet,
  requirePermission,
  rStatus,
  type ServerContext,
  sheetHeaders,
  str,
  textParams,
  uploadedSheet,
  XLSX_TYPE,
} from '../../../core/sdk/server';
import { companyEntity, ENABLED } from '../company/entity';
import { cardDomain, cardUrl } from './card-link';
import { staffEntity } from './entity';
import { importStaff, rejectedWorkbook, STAFF_COLUMNS, templateWorkbook } from './server-import';
import { makeDefaultStaff, STAFF_TABLE } from './server-rules';

/**
 * The staff endpoints besides the engine's (`page`, `detail`, `save`, `update`, `remove`): the selectors'
 * list, the company's default card, a sign-in user for a staff member, the card's QR code, and the Excel
 * import with its template. Each checks its permission code first (a button of the staff menu) and works
 * in the caller's tenant only.
 */
const BASE = '/staff/info';

export const STAFF_CODE = {
  read: 'staff',
  import: 'staff_import',
  setDefault: 'staff_default',
  phoneUser: 'staff_phone_user',
} as const;

/** The user plugin's words for an account in use, so that both screens say the same. */
export const MSG_ACCOUNT_TAKEN = { zh: '当前账号已被使用!', en: 'This account is already in use' };
export const MSG_HAS_USER = { zh: '该员工已开通账号', en: 'This staff member already has an account' };

const MAX_CHOICES = 1000;
/** The role a phone user gets: the tenant's ordinary users' role, when it has one. */
const USER_ROLE_ALIAS = 'user';

const staffChoice = z.object({
  id: z.string().describe(docText({ zh: '员工主键', en: 'Staff id' })),
  name: z.string(),
  companyId: z.string(),
  position: z.string(),
  avatar: z.string(),
});

const listQuery = z.object({
  companyId: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional()
    .describe(docText({ zh: '只列此公司的员工', en: "Only this company's staff" })),
});

const phoneUserBody = z.object({ id: z.union([z.string(), z.number()]).describe(docText({ zh: '员工主键', en: 'Staff id' })) });
const phoneUserAnswer = z.object({
  userId: z.string(),
  account: z.string().describe(docText({ zh: '登录账号（员工手机号码）', en: "The account (the staff member's mobile number)" })),
  password: z.string().describe(docText({ zh: '初始密码，仅此一次返回', en: 'The initial password, answered this once only' })),
  roleName: z.string().describe(docText({ zh: '分配的角色名称；空：租户没有普通用户角色，需另行分配角色才能登录', en: "The role given; empty: the tenant has no ordinary users' role, and one must be given before the user can sign in" })),
});

const PNG = 'image/png';

export function staffRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = crudRepo(staffEntity, ctx.ids);

  // The choices of selectors (a visit's staff member, an attachment's owner): any member, names only.
  api.get(
    `${BASE}/list`,
    describeRoute({
      summary: { zh: '启用的员工（选择用，仅名称，任何成员）', en: 'Enabled staff (choices: names only; any member)' },
      description: { zh: '各公司默认名片在前，其余按姓名排序。', en: "Each company's default card first, then by name." },
      query: listQuery,
      data: z.array(staffChoice),
    }),
    async (c) => {
      const me = currentMember(c);
      const { companyId } = parseInput(listQuery, c.req.query());
      const rows = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.query<{ id: string; name: string | null; company_id: string | null; position: string | null; avatar: string | null }>(
          `select id::text as id, name, company_id::text as company_id, position, avatar from ${STAFF_TABLE}
            where tenant_id = $1 and is_deleted = 0 and status = $2 and ($3::bigint is null or company_id = $3::bigint)
            order by is_default desc nulls last, name, id limit ${MAX_CHOICES}`,
          [me.tenantId, ENABLED, companyId ?? null],
        ),
      );
      return c.json(rData(rows.map((r) => ({ id: r.id, name: str(r.name), companyId: str(r.company_id), position: str(r.position), avatar: str(r.avatar) }))));
    },
  );

  api.post(
    `${BASE}/defaultStaff`,
    describeRoute({
      summary: { zh: '设为公司的默认名片', en: "Make a staff member's card the company's default" },
      description: {
        zh: '同一事务内取消该公司其他员工的默认标记并设置此员工；停用或已删除的员工不能设为默认。',
        en: "In one transaction: the company's other staff lose the mark, this one gets it. A disabled or removed staff member is refused.",
      },
      params: textParams({ 'id!': { zh: '员工主键', en: 'Staff id' } }),
    }),
    requirePermission(ctx, STAFF_CODE.setDefault),
    async (c) => {
      const me = currentMember(c);
      const id = parseId((await readParams(c)).id);
      await ctx.db.tenant(me.tenantId, (tx) => makeDefaultStaff(tx, me, id, ctx.now()));
      return c.json(rStatus(true));
    },
  );

  api.post(
    `${BASE}/addPhoneUser`,
    describeRoute({
      summary: { zh: '为员工开通登录账号（手机号为账号）', en: 'Give a staff member a sign-in account (the mobile number)' },
      description: {
        zh: '账号为员工手机号，姓名为员工姓名，角色为本租户的普通用户角色（别名 user；没有则不分配角色，须在用户管理中分配后才能登录），密码为租户的初始密码，并与员工关联。账号已存在、租户账号额度已满或员工已有账号时拒绝。初始密码只在此返回一次。',
        en: "The account is the staff member's mobile number, the name theirs, the role the tenant's ordinary users' role (alias user; when the tenant has none, no role: one must then be given in user management before the user can sign in), the password the tenant's initial password; the user is linked to the staff member. Refused when the account exists, the tenant's quota is reached or the staff member has an account already. The initial password is answered here once.",
      },
      body: phoneUserBody,
      data: phoneUserAnswer,
    }),
    requirePermission(ctx, STAFF_CODE.phoneUser),
    async (c) => {
      const me = currentMember(c);
      const { id: raw } = parseInput(phoneUserBody, await readJson(c));
      const id = parseId(String(raw));
      const made = await ctx.db.tenant(me.tenantId, async (tx) => {
        // The staff row locked: two calls for one staff member take turns, and the second finds the user.
        const staff = await tx.one<{ name: string | null; mobile: string | null; email: string | null; avatar: string | null; user_id: string | null }>(
          `select name, mobile, email, avatar, user_id::text as user_id from ${STAFF_TABLE} where id = $1 and tenant_id = $2 and is_deleted = 0 for update`,
          [id, me.tenantId],
        );
        if (!staff) throw bizError(MSG.notFound);
        if (staff.user_id && (await tx.one('select 1 as found from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0', [staff.user_id, me.tenantId]))) {
          throw bizError(MSG_HAS_USER);
        }
        const account = str(staff.mobile);
        if (await tx.one('select 1 as found from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0', [me.tenantId, account])) throw bizError(MSG_ACCOUNT_TAKEN);
        await assertAccountQuota(tx, me.tenantId);
        const password = await initialPassword(ctx.extensions, tx, me.tenantId);
        const role = await tx.one<{ id: string; role_name: string | null }>('select id::text as id, role_name from blade_role where tenant_id = $1 and role_alias = $2 and is_deleted = 0 order by sort, id limit 1', [
          me.tenantId,
          USER_ROLE_ALIAS,
        ]);
        const name = str(staff.name);
        let userId: string;
        try {
          userId = await insertUser(tx, ctx.ids, {
            tenantId: me.tenantId,
            account,
            passwordHash: await hashPassword(md5(password)),
            name: name.slice(0, 20),
            realName: name.slice(0, 20),
            phone: account,
            email: str(staff.email).slice(0, 45),
            avatar: str(staff.avatar),
            roleIds: role ? [role.id] : [],
            createUser: me.userId,
          });
        } catch (error) {
          // The same account made at this moment by another screen.
          if (isUniqueViolation(error)) throw bizError(MSG_ACCOUNT_TAKEN);
          throw error;
        }
        await tx.query(`update ${STAFF_TABLE} set user_id = $3, update_user = $4, update_time = $5 where id = $1 and tenant_id = $2`, [
          id,
          me.tenantId,
          userId,
          me.userId,
          new Date(Math.floor(ctx.now().getTime() / 1000) * 1000),
        ]);
        return { userId, account, password, roleName: str(role?.role_name) };
      });
      return c.json(rData(made));
    },
  );

  api.get(
    `${BASE}/qrcode`,
    describeRoute({
      summary: { zh: '员工名片的二维码（PNG）', en: "A staff member's card as a QR code (PNG)" },
      description: { zh: '二维码内容为名片链接。download=1 时作为附件下载。', en: 'The code holds the card link. With download=1 it comes as an attachment.' },
      query: textParams({ 'id!': { zh: '员工主键', en: 'Staff id' }, download: { zh: '1：作为附件下载', en: '1: as an attachment' } }),
      answer: { contentType: PNG, schema: { type: 'string', format: 'binary' } },
    }),
    requirePermission(ctx, STAFF_CODE.read, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const id = parseId(c.req.query('id'));
      const link = await ctx.db.tenant(me.tenantId, async (tx) => {
        const staff = await tx.one<{ name: string | null }>(`select name from ${STAFF_TABLE} where id = $1 and tenant_id = $2 and is_deleted = 0`, [id, me.tenantId]);
        if (!staff) throw bizError(MSG.notFound);
        return { name: str(staff.name), url: cardUrl(ctx, await cardDomain(ctx, tx, me.tenantId), me.tenantId, id) };
      });
      const png = await QRCode.toBuffer(link.url, { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' });
      const headers: Record<string, string> = { 'Content-Type': PNG, 'Cache-Control': 'no-store' };
      if (c.req.query('download') === '1') {
        headers['Content-Disposition'] = attachment(`card-${id}.png`, `${link.name || id}-${currentLanguage() === 'en' ? 'card-qr' : '名片二维码'}.png`);
      }
      return c.body(new Uint8Array(png), 200, headers);
    },
  );

  api.get(
    `${BASE}/import-template`,
    describeRoute({
      summary: { zh: '下载员工导入模板（Excel）', en: 'The staff import template (Excel)' },
      description: { zh: '表头为调用者的语言，附一行示例。', en: "Headings in the caller's language, with one example row." },
      answer: { contentType: XLSX_TYPE, schema: { type: 'string', format: 'binary' } },
    }),
    requirePermission(ctx, STAFF_CODE.import),
    async (c) => {
      const me = currentMember(c);
      const company = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.one<{ name: string | null }>(`select name from ${companyEntity.table} where tenant_id = $1 and is_deleted = 0 and status = $2 order by is_default desc nulls last, id limit 1`, [
          me.tenantId,
          ENABLED,
        ]),
      );
      const bytes = await templateWorkbook(str(company?.name));
      const name = currentLanguage() === 'en' ? 'staff-import-template.xlsx' : '员工导入模板.xlsx';
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, sheetHeaders('staff-import-template.xlsx', name));
    },
  );

  api.post(
    `${BASE}/import`,
    describeRoute({
      summary: { zh: '导入员工（Excel）', en: 'Import staff (Excel)' },
      description: {
        zh: '导入合格的行。全部导入时返回 JSON（data: total、imported）；有未导入的行时返回这些行的 Excel 报告（行号、原内容、原因），响应头 X-Import-Total、X-Import-Imported、X-Import-Rejected 给出行数。',
        en: 'Imports the good rows. When every row is imported it answers JSON (data: total, imported); otherwise an Excel report of the rejected rows (row number, cells, reason), with the counts in the headers X-Import-Total, X-Import-Imported and X-Import-Rejected.',
      },
      multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      data: z.object({ total: z.number(), imported: z.number() }),
    }),
    requirePermission(ctx, STAFF_CODE.import),
    async (c: Context<AppEnv>) => {
      const me = currentMember(c);
      const { bytes } = await uploadedSheet(c);
      const rows = await readSheet(bytes, STAFF_COLUMNS);
      const result = await ctx.db.tenant(me.tenantId, (tx) => importStaff(tx, repo, me, rows, ctx.now()));
      const counts = { 'X-Import-Total': String(result.total), 'X-Import-Imported': String(result.imported), 'X-Import-Rejected': String(result.rejected.length) };
      if (result.rejected.length === 0) {
        for (const [name, value] of Object.entries(counts)) c.header(name, value);
        return c.json(rData({ total: result.total, imported: result.imported }));
      }
      const report = await rejectedWorkbook(result.rejected);
      const name = currentLanguage() === 'en' ? 'staff-import-rejected.xlsx' : '员工导入失败报告.xlsx';
      return c.body(report as Uint8Array<ArrayBuffer>, 200, { ...sheetHeaders('staff-import-rejected.xlsx', name), ...counts });
    },
  );
}
