import { type Cell, cellText, type Json, readSheet, type SheetColumn, type SheetRow, str, writeSheet } from '../../core/sdk/server';

/**
 * The Excel side of users (BladeX `export-user`, `export-template`, `import-user`): one sheet, a header
 * row, one user per row. Headers are read in Chinese or English; role, department and post cells hold
 * names (or ids), comma-separated, so an exported file imports back as it is. Reading and writing, with
 * their limits (size, format, zip bombs, rows), are the kernel's (`readSheet`, `writeSheet`).
 */

export { attachment, cellText, XLSX_TYPE } from '../../core/sdk/server';

export type Language = 'zh' | 'en';

export type ImportField = 'account' | 'name' | 'realName' | 'phone' | 'email' | 'sex' | 'birthday' | 'roleName' | 'deptName' | 'postName' | 'code';

type Column = SheetColumn<ImportField | 'status' | 'createTime'>;

/** The template's columns, in order (the import's), then what only the export adds. */
export const IMPORT_COLUMNS: readonly SheetColumn<ImportField>[] = [
  { key: 'account', zh: '登录账号', en: 'Account', aliases: ['账号', '账户'], width: 18, required: true },
  { key: 'name', zh: '用户昵称', en: 'Nickname', aliases: ['昵称'], width: 14 },
  { key: 'realName', zh: '用户姓名', en: 'Real name', aliases: ['姓名'], width: 14, required: true },
  { key: 'phone', zh: '手机号码', en: 'Mobile', aliases: ['手机', 'phone'], width: 16 },
  { key: 'email', zh: '电子邮箱', en: 'Email', aliases: ['邮箱'], width: 24 },
  { key: 'sex', zh: '用户性别', en: 'Sex', aliases: ['性别'], width: 10 },
  { key: 'birthday', zh: '用户生日', en: 'Birthday', aliases: ['生日'], width: 14 },
  { key: 'roleName', zh: '所属角色', en: 'Roles', aliases: ['角色', '角色名称'], width: 20 },
  { key: 'deptName', zh: '所属部门', en: 'Departments', aliases: ['部门', '部门名称', '所属机构'], width: 20 },
  { key: 'postName', zh: '所属岗位', en: 'Posts', aliases: ['岗位', '岗位名称'], width: 20 },
  { key: 'code', zh: '用户编号', en: 'Code', aliases: ['编号'], width: 12 },
];
const EXPORT_COLUMNS: readonly Column[] = [
  ...IMPORT_COLUMNS,
  { key: 'status', zh: '用户状态', en: 'Status', width: 10 },
  { key: 'createTime', zh: '创建时间', en: 'Created', width: 20 },
];

const SEX_TEXT: Record<Language, Record<number, string>> = { zh: { 1: '男', 2: '女', 3: '未知' }, en: { 1: 'Male', 2: 'Female', 3: 'Unknown' } };
const STATUS_TEXT: Record<Language, Record<number, string>> = { zh: { 0: '待审核', 1: '正常', 2: '停用' }, en: { 0: 'Pending', 1: 'Active', 2: 'Disabled' } };

export const languageOf = (value: string | undefined): Language => (value?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh');

const workbook = (columns: readonly Column[], rows: string[][], language: Language, sheet: string) =>
  writeSheet(columns.map((c) => ({ title: c[language], width: c.width })), rows, sheet);

/** The filtered users as a workbook (cells are text: an account such as `=1+1` stays text). */
export function exportWorkbook(users: readonly Json[], language: Language): Promise<Uint8Array> {
  const cell = (user: Json, key: Column['key']): string => {
    switch (key) {
      case 'sex':
        return SEX_TEXT[language][Number(user.sex)] ?? '';
      case 'status':
        return STATUS_TEXT[language][Number(user.status)] ?? '';
      case 'birthday':
        return str(user.birthday).slice(0, 10);
      default:
        return str(user[key]);
    }
  };
  return workbook(EXPORT_COLUMNS, users.map((user) => EXPORT_COLUMNS.map((c) => cell(user, c.key))), language, language === 'en' ? 'Users' : '用户');
}

/** The import template: the header row only. */
export function templateWorkbook(language: Language): Promise<Uint8Array> {
  return workbook(IMPORT_COLUMNS, [], language, language === 'en' ? 'Users' : '用户');
}

export type ImportRow = SheetRow<ImportField>;

/**
 * The rows of the first sheet, keyed by the header row: 400 when the bytes are no .xlsx, when a
 * required column is missing, when there are no data rows or more than 5,000 of them.
 */
export const readImportSheet = (bytes: Uint8Array): Promise<ImportRow[]> => readSheet(bytes, IMPORT_COLUMNS);

/** A birthday cell: a date, an Excel serial day number, or `yyyy-MM-dd` / `yyyy/M/d` text; else the text as typed. */
export function birthdayText(cell: Cell | undefined): string {
  if (typeof cell === 'number' && cell > 0 && cell < 2958466) return new Date(Date.UTC(1899, 11, 30) + Math.round(cell) * 86_400_000).toISOString().slice(0, 10);
  const text = cellText(cell);
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  return match ? `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}` : text;
}

const SEX_WORDS: Record<string, number> = { 男: 1, 女: 2, 未知: 3, male: 1, female: 2, unknown: 3, m: 1, f: 2, '1': 1, '2': 2, '3': 3 };

/** 男 / 女 / 未知 (or Male, Female, Unknown, 1, 2, 3) → 1 / 2 / 3; '' when blank; undefined when unknown. */
export function sexValue(cell: Cell | undefined): number | '' | undefined {
  const text = cellText(cell).toLowerCase();
  if (!text) return '';
  return SEX_WORDS[text];
}

/** A comma list of names in a cell (`,` `，` `、` `;` separate). */
export const nameList = (cell: Cell | undefined): string[] => [...new Set(cellText(cell).split(/[,，、;；]/).map((s) => s.trim()).filter(Boolean))];
