import {
  type Actor,
  ApiError,
  bizError,
  cellText,
  type CrudRepo,
  currentLanguage,
  entityIdsByName,
  entityValidator,
  localize,
  type SheetColumn,
  type SheetRow,
  type Tx,
  validIds,
  writeSheet,
} from '../../../core/sdk/server';
import { companyEntity, ENABLED } from '../company/entity';
import { MSG_MOBILE_TAKEN, staffEntity } from './entity';
import { STAFF_TABLE } from './server-rules';

/**
 * `POST import` of staff from a workbook: every row is judged as a save would judge it (the entity's rules
 * and messages, the mobile's length first), plus what only a file can get wrong: a company named that the
 * tenant does not have (or has twice, by name and short name), a mobile number twice in the file. The good
 * rows are written, in one transaction; the rejected ones come back as a workbook of their own, each with
 * its row number and reason in the caller's language, its cells as they were, so that the report, fixed,
 * imports as it is.
 */

export type StaffColumn = 'company' | 'name' | 'position' | 'deptName' | 'mobile' | 'telephone' | 'email' | 'wechat';

/** The template's columns, in order; also the columns an import reads. */
export const STAFF_COLUMNS: readonly SheetColumn<StaffColumn>[] = [
  { key: 'company', zh: '公司', en: 'Company', aliases: ['公司名称', '所属公司'], width: 26, required: true },
  { key: 'name', zh: '姓名', en: 'Name', aliases: ['员工姓名'], width: 12, required: true },
  { key: 'position', zh: '职位', en: 'Position', width: 16 },
  { key: 'deptName', zh: '部门', en: 'Department', aliases: ['部门名称'], width: 16 },
  { key: 'mobile', zh: '手机', en: 'Mobile', aliases: ['手机号码', '手机号'], width: 16, required: true },
  { key: 'telephone', zh: '电话', en: 'Telephone', aliases: ['座机电话', '座机'], width: 16 },
  { key: 'email', zh: '邮箱', en: 'Email', aliases: ['电子邮箱'], width: 26 },
  { key: 'wechat', zh: '微信', en: 'WeChat', aliases: ['微信号', 'WeChat ID'], width: 16 },
];

const ROW_COLUMN = { zh: '行号', en: 'Row', width: 8 };
const REASON_COLUMN = { zh: '失败原因', en: 'Reason', width: 36 };

export const MSG_MOBILE_TWICE = { zh: '文件中手机号码重复', en: 'The mobile number appears more than once in the file' };
const companyUnknown = (name: string) => ({ zh: `公司不存在: ${name}`, en: `No such company: ${name}` });
const companyAmbiguous = (name: string) => ({ zh: `公司名称不唯一: ${name}`, en: `More than one company is called ${name}` });
const companyDisabled = (name: string) => ({ zh: `公司已停用: ${name}`, en: `The company is disabled: ${name}` });

export interface RejectedRow {
  row: number;
  cells: Partial<Record<StaffColumn, string>>;
  reason: string;
}

export interface StaffImportResult {
  total: number;
  imported: number;
  rejected: RejectedRow[];
}

const validator = entityValidator(staffEntity);
const companyIdsByName = entityIdsByName(companyEntity, ['name', 'shortName']);
const FIELDS = ['name', 'position', 'deptName', 'mobile', 'telephone', 'email', 'wechat'] as const;

/** The tenant's live companies each name designates, with the enabled ones among them (held: see holdLiveCompany). */
async function companyLookup(tx: Tx, tenantId: string, names: readonly string[]) {
  const byName = await companyIdsByName(tx, tenantId, names);
  const ids = validIds([...byName.values()].flat());
  const enabled = ids.length
    ? new Set(
        (
          await tx.query<{ id: string }>(`select id::text as id from ${companyEntity.table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 and status = $3 for share`, [
            tenantId,
            ids,
            ENABLED,
          ])
        ).map((r) => r.id),
      )
    : new Set<string>();
  return (name: string): string => {
    const found = [...new Set(byName.get(name) ?? [])];
    if (found.length === 0) throw bizError(companyUnknown(name));
    if (found.length > 1) throw bizError(companyAmbiguous(name));
    if (!enabled.has(found[0]!)) throw bizError(companyDisabled(name));
    return found[0]!;
  };
}

/** Writes the good rows of the sheet as new staff of the caller's tenant; reports the others. */
export async function importStaff(tx: Tx, repo: CrudRepo, actor: Actor, rows: readonly SheetRow<StaffColumn>[], now: Date): Promise<StaffImportResult> {
  const texts = rows.map((r) => Object.fromEntries(STAFF_COLUMNS.map((c) => [c.key, cellText(r.cells[c.key])])) as Record<StaffColumn, string>);
  const companyOf = await companyLookup(tx, actor.tenantId, [...new Set(texts.map((t) => t.company).filter(Boolean))]);
  const mobiles = [...new Set(texts.map((t) => t.mobile).filter(Boolean))];
  const taken = new Set(
    mobiles.length
      ? (await tx.query<{ mobile: string }>(`select mobile from ${STAFF_TABLE} where tenant_id = $1 and is_deleted = 0 and mobile = any($2::varchar[])`, [actor.tenantId, mobiles])).map(
          (r) => r.mobile,
        )
      : [],
  );

  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  let imported = 0;
  for (const [i, { row }] of rows.entries()) {
    const text = texts[i]!;
    try {
      const body: Record<string, unknown> = { status: ENABLED };
      for (const field of FIELDS) if (text[field]) body[field] = text[field];
      if (text.company) body.companyId = companyOf(text.company);
      const { values } = validator.parse(body, 'add');
      if (seen.has(text.mobile)) throw bizError(MSG_MOBILE_TWICE);
      seen.add(text.mobile);
      if (taken.has(text.mobile)) throw bizError(MSG_MOBILE_TAKEN);
      await repo.insert(tx, actor, { ...values, isDefault: 0 }, now);
      imported++;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rejected.push({ row, cells: text, reason: localize(error.text) });
    }
  }
  return { total: rows.length, imported, rejected };
}

/** The workbook of the rejected rows: row number, the row's cells as they were, the reason. */
export function rejectedWorkbook(rejected: readonly RejectedRow[]): Promise<Uint8Array> {
  const language = currentLanguage();
  const columns = [ROW_COLUMN, ...STAFF_COLUMNS, REASON_COLUMN].map((c) => ({ title: c[language], width: c.width }));
  const rows = rejected.map((r) => [String(r.row), ...STAFF_COLUMNS.map((c) => r.cells[c.key] ?? ''), r.reason]);
  return writeSheet(columns, rows, language === 'en' ? 'Rejected rows' : '未导入的行');
}

/** The template: the header row and one example row (of the tenant's own company, when it has one). */
export function templateWorkbook(companyName: string): Promise<Uint8Array> {
  const language = currentLanguage();
  const example: Record<StaffColumn, string> =
    language === 'en'
      ? { company: companyName || 'Example Co.', name: 'Li Lei', position: 'Sales manager', deptName: 'Sales', mobile: '13800138000', telephone: '021-61234567', email: 'lilei@example.com', wechat: 'lilei_wx' }
      : { company: companyName || '示例公司', name: '李雷', position: '销售经理', deptName: '销售部', mobile: '13800138000', telephone: '021-61234567', email: 'lilei@example.com', wechat: 'lilei_wx' };
  return writeSheet(
    STAFF_COLUMNS.map((c) => ({ title: c[language], width: c.width })),
    [STAFF_COLUMNS.map((c) => example[c.key])],
    language === 'en' ? 'Staff' : '员工',
  );
}
