import { crudRepo, DEMO_TENANT, SEED, type ServerContext, storeFile, type Tx, writeSheet, XLSX_TYPE } from '../../../core/sdk/server';
import { DEMO_VISITORS, type DemoVisitors } from '../demo-visitors';
import { demoPdf } from './demo-pdf';
import { GRANT_STATE, type GrantState } from './grant-states';
import { attachEntity } from './index';
import { GRANT_TABLE } from './server-grants';

/**
 * Demo attachments: two or three files for every demo staff member of both demo tenants (PDFs written
 * here, price lists as real workbooks, stored like uploads), each asked for by some of the visitors of
 * the demo visits, with grants in every state: waiting, granted with days left, refused, expired.
 * Deterministic: the same rows on every first start, different in each tenant.
 */

interface DemoFile {
  /** The attachment's name; `{company}` and `{staff}` are filled in. */
  name: string;
  kind: 'pdf' | 'xlsx';
  /** The document's lines under its title. */
  lines: readonly string[];
}

interface TenantDemo {
  owner: string;
  files: readonly DemoFile[];
  /** The same visitors as the demo visits of the tenant. */
  visitors: DemoVisitors;
  /** Workbook rows of the price list: item, spec, unit price. */
  prices: readonly (readonly [string, string, string])[];
}

const TENANTS: Record<string, TenantDemo> = {
  '000000': {
    owner: SEED.adminUserId,
    visitors: DEMO_VISITORS['000000']!,
    files: [
      { name: '{company} 2026 产品价目表', kind: 'xlsx', lines: [] },
      { name: '{company} 企业宣传册', kind: 'pdf', lines: ['公司简介、核心产品与服务、典型客户案例', '联系人：{staff}', '本文件为演示数据，仅供功能体验'] },
      { name: '{staff}的合作方案', kind: 'pdf', lines: ['一、需求理解', '二、实施计划与里程碑', '三、报价与付款方式', '方案编制：{staff}'] },
    ],
    prices: [
      ['数字名片 · 标准版', '每人每年', '198.00'],
      ['数字名片 · 企业版', '每人每年', '368.00'],
      ['私域商城', '每店每年', '2980.00'],
      ['数据看板', '每企业每年', '1680.00'],
      ['实施与培训', '每次', '3000.00'],
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    visitors: DEMO_VISITORS[DEMO_TENANT.tenantId]!,
    files: [
      { name: '{company} 全屋定制报价单', kind: 'xlsx', lines: [] },
      { name: '{company} 新品图册', kind: 'pdf', lines: ['黑胡桃系列 · 白橡木系列 · 儿童房系列', '门店顾问：{staff}', '本文件为演示数据，仅供功能体验'] },
      { name: '{staff}的上门量尺须知', kind: 'pdf', lines: ['1. 预约时间：提前两天确认', '2. 量尺前请清空墙面与地面', '3. 量尺后三个工作日内出方案', '服务顾问：{staff}'] },
    ],
    prices: [
      ['黑胡桃餐桌 1.6 米', '张', '8680.00'],
      ['白橡木书柜', '组', '6280.00'],
      ['儿童床 1.2 米', '张', '4380.00'],
      ['全屋定制衣柜', '平方米', '1280.00'],
      ['上门安装', '次', '0.00'],
    ],
  },
};

/** The grants of one attachment: which visitors (by number) and in which state, rotating over the four. */
const STATE_CYCLE: readonly GrantState[] = [GRANT_STATE.requested, GRANT_STATE.granted, GRANT_STATE.refused, GRANT_STATE.expired, GRANT_STATE.granted, GRANT_STATE.requested];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoStaff {
  id: string;
  name: string;
  company_id: string | null;
}

async function storedDocument(tx: Tx, ctx: ServerContext, tenantId: string, owner: string, file: DemoFile, title: string, prices: TenantDemo['prices'], fill: (s: string) => string) {
  if (file.kind === 'xlsx') {
    const bytes = await writeSheet(
      [
        { title: '项目', width: 28 },
        { title: '规格', width: 14 },
        { title: '单价（元）', width: 14 },
      ],
      prices,
      '价目表',
    );
    return storeFile(tx, ctx, { tenantId, userId: owner }, bytes, { extension: 'xlsx', contentType: XLSX_TYPE }, `${title}.xlsx`);
  }
  const bytes = demoPdf({ title, lines: file.lines.map(fill) });
  return storeFile(tx, ctx, { tenantId, userId: owner }, bytes, { extension: 'pdf', contentType: 'application/pdf' }, `${title}.pdf`);
}

export async function seedAttachments(tx: Tx, ctx: ServerContext): Promise<void> {
  // The card plugin keeps the staff (seeded before this: seeds run in plugin order, as the owner).
  if (!(await tx.one(`select 1 as found from pg_tables where schemaname = current_schema() and tablename = 'blade_staff'`))) return;
  const repo = crudRepo(attachEntity, ctx.ids);
  const now = ctx.now();
  for (const [tenantId, demo] of Object.entries(TENANTS)) {
    const staff = await tx.query<DemoStaff>(
      'select id::text as id, name, company_id::text as company_id from blade_staff where tenant_id = $1 and is_deleted = 0 order by create_time, id',
      [tenantId],
    );
    const companyNames = ctx.extensions.names.company;
    let grantNo = 0;
    for (const [i, member] of staff.entries()) {
      const company = (member.company_id && companyNames ? (await companyNames(tx, tenantId, [member.company_id]))[0] : undefined) ?? '';
      const fill = (s: string) => s.replaceAll('{company}', company).replaceAll('{staff}', member.name).trim();
      // Two files for every third staff member, three for the others.
      const files = demo.files.slice(0, i % 3 === 2 ? 2 : 3);
      for (const [j, file] of files.entries()) {
        const title = fill(file.name);
        const stored = await storedDocument(tx, ctx, tenantId, demo.owner, file, title, demo.prices, fill);
        const created = new Date(now.getTime() - (40 - i * 2 - j) * DAY);
        const attachId = await repo.insert(
          tx,
          { tenantId, userId: demo.owner, deptIds: [] },
          { name: title, staffId: member.id, fileLink: stored.link, fileType: file.kind, fileSize: stored.size, remark: '' },
          created,
        );
        // One to four visitors asked for each file, among the regulars of the demo visits.
        const asks = 1 + ((i + j * 2) % 4);
        for (let k = 0; k < asks; k++) {
          const visitor = (i * 3 + j * 5 + k * 2) % 24;
          const state = STATE_CYCLE[grantNo++ % STATE_CYCLE.length]!;
          // A running grant was asked for lately (it has days left); the others any time in the last fortnight.
          const daysAgo = state === GRANT_STATE.granted ? (i + j + k) % 5 : (i + j + k * 3) % 12;
          const requestedAt = new Date(now.getTime() - daysAgo * DAY - ((k * 7 + j * 3) % 20) * HOUR - 25 * 60_000);
          const decidedAt = state === GRANT_STATE.requested ? null : new Date(requestedAt.getTime() + (2 + ((i + k) % 6)) * HOUR);
          // Granted: 7 or 30 days, still running; expired: 3 days, over a while ago.
          const days = state === GRANT_STATE.granted ? (k % 2 ? 30 : 7) : state === GRANT_STATE.expired ? 3 : null;
          const expiresAt = decidedAt && days ? new Date((state === GRANT_STATE.expired ? decidedAt.getTime() - 12 * DAY : decidedAt.getTime()) + days * DAY) : null;
          await tx.query(
            `insert into ${GRANT_TABLE} (id, tenant_id, attach_id, staff_id, visitor_id, visitor_nick, state, days, requested_at, decided_at, decided_by, expires_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (tenant_id, attach_id, visitor_id) do nothing`,
            [
              ctx.ids.next(),
              tenantId,
              attachId,
              member.id,
              demo.visitors.idOf(visitor),
              demo.visitors.nickOf(visitor),
              state,
              days,
              state === GRANT_STATE.expired ? new Date(requestedAt.getTime() - 12 * DAY) : requestedAt,
              state === GRANT_STATE.expired ? new Date(decidedAt!.getTime() - 12 * DAY) : decidedAt,
              decidedAt ? demo.owner : null,
              expiresAt,
            ],
          );
        }
      }
    }
  }
}
