import type { Hono } from 'hono';
import { z } from 'zod';
import {
  bizError,
  currentLanguage,
  currentMember,
  describeRoute,
  docText,
  filterSql,
  formatDateTime,
  MSG,
  page,
  parseId,
  parseListQuery,
  readIds,
  readJson,
  rData,
  removeFiles,
  requirePermission,
  rSuccess,
  SqlParams,
  type AppEnv,
  type ServerContext,
} from '../../../core/sdk/server';
import { attachEntity } from './entity';

const BASE = '/blade-resource/attach';
const CODE = { view: 'attach', edit: 'attach_edit', delete: 'attach_delete' } as const;

/** The columns a row is answered from: never the bytes. */
const COLUMNS = `a.id::text as id, a.link, a.name, a.original_name, a.extension, a.attach_size, a.content_type, a.oss_id::text as oss_id,
  o.oss_code, a.create_user::text as create_user, coalesce(nullif(u.real_name, ''), u.name, u.account) as uploader, a.create_time`;
/** The store's code (a configuration of the tenant) and the uploader's name, beside each row. */
const JOINS = `blade_attach a left join blade_oss o on o.id = a.oss_id and o.tenant_id = a.tenant_id
  left join blade_user u on u.id = a.create_user and u.tenant_id = a.tenant_id`;

interface AttachRow {
  id: string;
  link: string | null;
  name: string;
  original_name: string | null;
  extension: string | null;
  attach_size: string | number | null;
  content_type: string | null;
  oss_id: string | null;
  oss_code: string | null;
  create_user: string | null;
  uploader: string | null;
  create_time: Date;
}

const attachJson = z.object({
  id: z.string(),
  link: z.string().describe(docText({ zh: '文件链接（无需令牌）', en: "The file's link (no token needed)" })),
  name: z.string(),
  originalName: z.string(),
  extension: z.string(),
  attachSize: z.number().int().describe(docText({ zh: '字节数', en: 'Bytes' })),
  contentType: z.string(),
  ossId: z.string().describe(docText({ zh: '存储配置主键；空：存于数据库', en: 'The storage configuration id; empty: kept in the database' })),
  storeName: z.string().describe(docText({ zh: '存储位置：数据库或存储配置的资源编号', en: "Where it is kept: the database, or the storage configuration's code" })),
  createUser: z.string(),
  uploaderName: z.string(),
  createTime: z.string(),
});

const STORE_DATABASE = { zh: '数据库', en: 'Database' };

/** A row as BladeX answers it, with the store's and the uploader's names. */
function toJson(r: AttachRow) {
  return {
    id: r.id,
    link: r.link ?? '',
    name: r.name,
    originalName: r.original_name ?? '',
    extension: r.extension ?? '',
    attachSize: Number(r.attach_size ?? 0),
    contentType: r.content_type ?? '',
    ossId: r.oss_id ?? '',
    storeName: r.oss_id ? (r.oss_code ?? r.oss_id) : STORE_DATABASE[currentLanguage()],
    createUser: r.create_user ?? '',
    uploaderName: r.uploader ?? '',
    createTime: formatDateTime(r.create_time),
  };
}

const idQuery = z.object({ id: z.string().describe(docText({ zh: '附件主键', en: "The attachment's id" })) });
const renameBody = z.object({ id: z.string(), originalName: z.string() });

/**
 * The attachments of the tenant (`blade_attach`, every upload's row): `page` (filters and sorting as the
 * entity declares), `detail`, `submit` (renames: the original name is the only thing that changes; a file
 * is added by uploading it) and `remove?ids=` (the row and its bytes: in the row, or the object in its
 * store after the commit). Written by hand: the engine would read every row's bytes and could alter the
 * kernel's table.
 */
export function attachRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.get(
    `${BASE}/page`,
    describeRoute({ summary: { zh: '附件分页', en: 'Attachments, a page' }, description: { zh: '需要 attach 菜单或其按钮权限。', en: 'Needs the attach menu or one of its buttons.' }, entity: attachEntity, filters: true, data: z.object({ records: z.array(attachJson), total: z.number().int(), current: z.number().int(), size: z.number().int() }) }),
    requirePermission(ctx, CODE.view, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const query = c.req.query();
      const listed = parseListQuery(attachEntity, query, 'a.');
      return c.json(
        rData(
          await ctx.db.tenant(me.tenantId, async (tx) => {
            const where = (p: SqlParams) => [`a.tenant_id = ${p.add(me.tenantId)}`, 'a.is_deleted = 0', ...listed.filters.map((f) => `(${filterSql(f, p, 'a.')})`)].join(' and ');
            const counted = new SqlParams();
            const total = await tx.one<{ n: number }>(`select count(*)::int as n from blade_attach a where ${where(counted)}`, counted.values);
            const p = new SqlParams();
            const rows = await tx.query<AttachRow>(
              `select ${COLUMNS} from ${JOINS}
                where ${where(p)} order by ${listed.order} limit ${p.add(listed.size)} offset ${p.add(listed.offset)}`,
              p.values,
            );
            return page(rows.map(toJson), total?.n ?? 0, listed.current, listed.size);
          }),
        ),
      );
    },
  );

  api.get(
    `${BASE}/detail`,
    describeRoute({ summary: { zh: '附件详情', en: 'An attachment' }, description: { zh: '需要 attach 菜单或其按钮权限。', en: 'Needs the attach menu or one of its buttons.' }, query: idQuery, data: attachJson.nullable() }),
    requirePermission(ctx, CODE.view, { withButtons: true }),
    async (c) => {
      const me = currentMember(c);
      const id = parseId(c.req.query('id'));
      const row = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.one<AttachRow>(`select ${COLUMNS} from ${JOINS} where a.tenant_id = $1 and a.id = $2 and a.is_deleted = 0`, [me.tenantId, id]),
      );
      return c.json(rData(row ? toJson(row) : null));
    },
  );

  api.post(
    `${BASE}/submit`,
    describeRoute({
      summary: { zh: '重命名附件', en: 'Rename an attachment' },
      description: { zh: '需要 attach_edit 权限。只改附件原名（下载时的文件名）；新增附件请上传。', en: 'Needs attach_edit. Changes the original name only (the name a download is saved under); add a file by uploading it.' },
      body: renameBody,
    }),
    requirePermission(ctx, CODE.edit),
    async (c) => {
      const me = currentMember(c);
      const body = await readJson(c);
      const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (raw.id === undefined || raw.id === null || raw.id === '') throw bizError({ zh: '新增附件请通过上传', en: 'An attachment is added by uploading it' });
      const id = parseId(String(raw.id));
      const name = typeof raw.originalName === 'string' ? raw.originalName.trim() : '';
      if (!name) throw bizError(attachEntity.fields.originalName.required!);
      if (name.length > 200) throw bizError(MSG.tooLong(attachEntity.fields.originalName.label.zh, 200));
      if (/[\\/\0]/.test(name)) throw bizError({ zh: '附件原名不能包含 / 或 \\', en: 'An original name may not contain / or \\' });
      const updated = await ctx.db.tenant(me.tenantId, (tx) =>
        tx.one(`update blade_attach set original_name = $3, update_user = $4, update_time = now() where tenant_id = $1 and id = $2 and is_deleted = 0 returning id`, [me.tenantId, id, name, /^\d+$/.test(me.userId) ? me.userId : null]),
      );
      if (!updated) throw bizError(MSG.notFound);
      return c.json(rSuccess());
    },
  );

  api.post(
    `${BASE}/remove`,
    describeRoute({
      summary: { zh: '删除附件', en: 'Remove attachments' },
      description: { zh: '需要 attach_delete 权限。文件随之删除（存储中的对象在提交后删除），其链接不再可用。', en: "Needs attach_delete. The files go with them (a store's objects after the commit); their links stop working." },
      query: z.object({ ids: z.string().describe(docText({ zh: '逗号分隔的附件主键', en: 'Comma-separated attachment ids' })) }),
    }),
    requirePermission(ctx, CODE.delete),
    async (c) => {
      const me = currentMember(c);
      const ids = await readIds(c);
      await removeFiles(ctx, me.tenantId, ids);
      return c.json(rSuccess());
    },
  );
}
