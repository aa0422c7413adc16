import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  bizError,
  currentMember,
  describeRoute,
  docText,
  isBigintId,
  MSG,
  page,
  parseInput,
  rData,
  readParams,
  sanitizeRichText,
  type ServerContext,
  SqlParams,
  str,
  type Tx,
} from '../../../core/sdk/server';
import { categoryName, categoryNames } from './categories';
import { NOTICE_MSG } from './messages';
import { NOTICE_TABLE, visibleNotices } from './visible';

/**
 * The notices as each member of the tenant reads them (the top bar's popover): published notices whose
 * release time has come, unread first, each marked read per user. Open to any signed-in member of a tenant
 * with the plugin, no button needed: only what everyone may read is ever answered, and a mark is the
 * caller's own.
 */
const BASE = '/blade-desk/notice';
/** The most notices one page of the popover holds. */
export const MY_PAGE_MAX = 50;

/** A whole number sent as text; anything else is left for zod to refuse. */
const wholeNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v) : v);
const idParam = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v), z.string().regex(/^\d{1,19}$/).refine(isBigintId))
  .describe(docText({ zh: '通知主键', en: 'Notice id' }));

const pageQuery = z.object({
  current: z.preprocess(wholeNumber, z.number().int().min(1).optional()).describe(docText({ zh: '页码（默认 1）', en: 'Page (default 1)' })),
  size: z.preprocess(wholeNumber, z.number().int().min(1).max(MY_PAGE_MAX).optional()).describe(docText({ zh: `每页条数（默认 10，最多 ${MY_PAGE_MAX}）`, en: `Per page (default 10, at most ${MY_PAGE_MAX})` })),
});
const idQuery = z.object({ id: idParam });

const myNotice = z.object({
  id: z.string(),
  title: z.string(),
  category: z.number().int().describe(docText({ zh: '通知类型（字典 notice）', en: 'Category (dictionary notice)' })),
  categoryName: z.string(),
  releaseTime: z.string().describe(docText({ zh: '发布时间 yyyy-MM-dd HH:mm:ss', en: 'Release time yyyy-MM-dd HH:mm:ss' })),
  read: z.boolean().describe(docText({ zh: '调用者是否已读', en: 'Has the caller read it' })),
});
type MyNotice = z.infer<typeof myNotice>;
const myPage = z.object({
  records: z.array(myNotice),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  unread: z.number().int().describe(docText({ zh: '调用者未读的通知数', en: 'Notices the caller has not read' })),
});
const myDetail = myNotice.extend({ content: z.string().describe(docText({ zh: '通知内容（已清理的 HTML）', en: 'Content (cleaned HTML)' })) });
const unreadAnswer = z.object({ unread: z.number().int() });

interface NoticeRow {
  id: string;
  title: string | null;
  category: number | null;
  release_time: string | null;
  read: boolean;
}

const COLUMNS = `n.id::text as id, n.title, n.category, to_char(n.release_time, 'YYYY-MM-DD HH24:MI:SS') as release_time, (r.user_id is not null) as read`;
/** The caller's read mark of notice `n`, if any. */
const readMark = (p: SqlParams, tenantId: string, userId: string) =>
  `left join blade_notice_read r on r.notice_id = n.id and r.tenant_id = ${p.add(tenantId)} and r.user_id = ${p.add(userId)}::bigint`;

async function unreadCount(tx: Tx, tenantId: string, userId: string, now: Date): Promise<number> {
  const p = new SqlParams();
  const row = await tx.one<{ unread: number }>(
    `select count(*)::int as unread from ${NOTICE_TABLE} n ${readMark(p, tenantId, userId)} where ${visibleNotices(p, tenantId, now)} and r.user_id is null`,
    p.values,
  );
  return Number(row?.unread ?? 0);
}

/** A POST that takes no parameter at all, in the query, a form or a JSON body: anything sent is refused by name. */
async function refuseParameters(c: Context<AppEnv>): Promise<void> {
  const given = Object.keys(await readParams(c));
  if (given.length) throw bizError(NOTICE_MSG.noParameters(given[0]!));
  if (!/application\/json/i.test(c.req.header('content-type') ?? '')) return;
  const text = await c.req.text();
  if (!text.trim()) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bizError(MSG.badJson);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bizError(MSG.badFormat('body'));
  const keys = Object.keys(body);
  if (keys.length) throw bizError(NOTICE_MSG.noParameters(keys[0]!));
}

export function myNoticeRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const toJson = (row: NoticeRow, names: Awaited<ReturnType<typeof categoryNames>>): MyNotice => ({
    id: row.id,
    title: str(row.title),
    category: row.category === null ? -1 : Number(row.category),
    categoryName: categoryName(names, row.category),
    releaseTime: str(row.release_time),
    read: Boolean(row.read),
  });

  api.get(
    `${BASE}/my`,
    describeRoute({
      summary: { zh: '我的通知（任何成员）', en: 'My notices (any member)' },
      description: {
        zh: '本租户已发布且到了发布时间的通知，调用者未读的在前，再按发布时间从新到旧；附调用者的未读数。草稿和定时发布的通知不在其中。',
        en: "The tenant's published notices whose release time has come, the caller's unread ones first, then newest first; with the caller's unread count. Drafts and scheduled notices are not among them.",
      },
      query: pageQuery,
      data: myPage,
    }),
    async (c) => {
      const me = currentMember(c);
      const { current = 1, size = 10 } = parseInput(pageQuery, c.req.query());
      const now = ctx.now();
      const answer = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const from = `from ${NOTICE_TABLE} n ${readMark(p, me.tenantId, me.userId)} where ${visibleNotices(p, me.tenantId, now)}`;
        const counts = await tx.one<{ total: number; unread: number }>(
          `select count(*)::int as total, (count(*) filter (where r.user_id is null))::int as unread ${from}`,
          p.values,
        );
        const rows = await tx.query<NoticeRow>(
          `select ${COLUMNS} ${from} order by (r.user_id is not null), n.release_time desc, n.id desc limit ${p.add(size)} offset ${p.add((current - 1) * size)}`,
          p.values,
        );
        const names = await categoryNames(tx, ctx);
        return { ...page(rows.map((row) => toJson(row, names)), Number(counts?.total ?? 0), current, size), unread: Number(counts?.unread ?? 0) };
      });
      return c.json(rData(answer));
    },
  );

  api.get(
    `${BASE}/my/unread-count`,
    describeRoute({
      summary: { zh: '我的未读通知数（任何成员）', en: 'My unread notices (any member)' },
      description: { zh: '顶栏铃铛的角标：调用者未读的、已发布且到了发布时间的通知数。', en: "The bell's badge: the published, released notices the caller has not read." },
      data: z.number().int(),
    }),
    async (c) => {
      const me = currentMember(c);
      const unread = await ctx.db.tenant(me.tenantId, (tx) => unreadCount(tx, me.tenantId, me.userId, ctx.now()));
      return c.json(rData(unread));
    },
  );

  api.get(
    `${BASE}/my/detail`,
    describeRoute({
      summary: { zh: '我的通知详情（任何成员）', en: 'One of my notices (any member)' },
      description: {
        zh: '一条已发布且到了发布时间的本租户通知，内容为清理过的 HTML；其他的（草稿、定时、其他租户的、已删除的）一律答“通知不存在或尚未发布”。不标记已读。',
        en: "One published, released notice of the tenant, its content cleaned HTML; any other (a draft, a scheduled one, another tenant's, a removed one) is refused alike. Does not mark it read.",
      },
      query: idQuery,
      data: myDetail,
    }),
    async (c) => {
      const me = currentMember(c);
      const { id } = parseInput(idQuery, c.req.query());
      const now = ctx.now();
      const detail = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const row = await tx.one<NoticeRow & { content: string | null }>(
          `select ${COLUMNS}, n.content from ${NOTICE_TABLE} n ${readMark(p, me.tenantId, me.userId)} where n.id = ${p.add(id)} and ${visibleNotices(p, me.tenantId, now)}`,
          p.values,
        );
        if (!row) throw bizError(NOTICE_MSG.notVisible);
        // Cleaned on every save already; again here, for a row written some other way.
        return { ...toJson(row, await categoryNames(tx, ctx)), content: sanitizeRichText(str(row.content)) };
      });
      return c.json(rData(detail));
    },
  );

  api.post(
    `${BASE}/read`,
    describeRoute({
      summary: { zh: '标记通知已读（任何成员）', en: 'Mark a notice read (any member)' },
      description: {
        zh: '为调用者标记一条已发布且到了发布时间的本租户通知为已读；重复标记不改变什么。答调用者剩下的未读数。',
        en: "Marks one published, released notice of the tenant read for the caller; marking it again changes nothing. Answers the caller's remaining unread count.",
      },
      params: idQuery,
      data: unreadAnswer,
    }),
    async (c) => {
      const me = currentMember(c);
      const { id } = parseInput(idQuery, await readParams(c));
      const now = ctx.now();
      const unread = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const found = await tx.one<{ id: string }>(`select n.id::text as id from ${NOTICE_TABLE} n where n.id = ${p.add(id)} and ${visibleNotices(p, me.tenantId, now)}`, p.values);
        if (!found) throw bizError(NOTICE_MSG.notVisible);
        await tx.query(
          `insert into blade_notice_read (tenant_id, notice_id, user_id, read_time) values ($1, $2, $3, $4) on conflict (notice_id, user_id) do nothing`,
          [me.tenantId, id, me.userId, now],
        );
        return unreadCount(tx, me.tenantId, me.userId, now);
      });
      return c.json(rData({ unread }));
    },
  );

  api.post(
    `${BASE}/read-all`,
    describeRoute({
      summary: { zh: '全部标记已读（任何成员）', en: 'Mark every notice read (any member)' },
      description: {
        zh: '为调用者把本租户所有已发布且到了发布时间的通知标记为已读。不接受参数。答调用者剩下的未读数（0）。',
        en: "Marks every published, released notice of the tenant read for the caller. Takes no parameter. Answers the caller's remaining unread count (0).",
      },
      data: unreadAnswer,
    }),
    async (c) => {
      const me = currentMember(c);
      await refuseParameters(c);
      const now = ctx.now();
      const unread = await ctx.db.tenant(me.tenantId, async (tx) => {
        const p = new SqlParams();
        const user = p.add(me.userId);
        await tx.query(
          `insert into blade_notice_read (tenant_id, notice_id, user_id, read_time)
           select n.tenant_id, n.id, ${user}::bigint, ${p.add(now)} from ${NOTICE_TABLE} n where ${visibleNotices(p, me.tenantId, now)}
           on conflict (notice_id, user_id) do nothing`,
          p.values,
        );
        return unreadCount(tx, me.tenantId, me.userId, now);
      });
      return c.json(rData({ unread }));
    },
  );
}
