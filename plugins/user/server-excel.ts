import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { bizError, type Json, str } from '../../core/sdk/server';

/**
 * The Excel side of users (BladeX `export-user`, `export-template`, `import-user`): one sheet, a header
 * row, one user per row. Headers are read in Chinese or English; role, department and post cells hold
 * names (or ids), comma-separated, so an exported file imports back as it is. Every limit answers 400:
 * the size (the API refuses bodies over 1 MB before this code runs), a file that is not an .xlsx, an
 * archive that would unpack into more than 40 MB, more than 5,000 rows, a header row without the
 * required columns.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
const MAX_UNPACKED = 40 * 1024 * 1024;
const MAX_ENTRIES = 500;

export const MSG_FILE_TYPE = { zh: '导入文件格式错误,请上传 .xlsx 文件', en: 'Wrong file format, please upload an .xlsx file' };
export const MSG_FILE_SIZE = { zh: '导入文件不能超过1MB', en: 'The file may not be larger than 1 MB' };
export const MSG_TOO_MANY_ROWS = { zh: `导入数据不能超过${MAX_IMPORT_ROWS}行`, en: `At most ${MAX_IMPORT_ROWS} rows can be imported` };
export const MSG_EMPTY = { zh: '导入文件中没有数据', en: 'The file holds no data' };

export type Language = 'zh' | 'en';

export type ImportField = 'account' | 'name' | 'realName' | 'phone' | 'email' | 'sex' | 'birthday' | 'roleName' | 'deptName' | 'postName' | 'code';

interface Column {
  key: ImportField | 'status' | 'createTime';
  zh: string;
  en: string;
  /** Other headers accepted on import. */
  aliases?: string[];
  width: number;
}

/** The template's columns, in order (the import's), then what only the export adds. */
export const IMPORT_COLUMNS: readonly Column[] = [
  { key: 'account', zh: '登录账号', en: 'Account', aliases: ['账号', '账户'], width: 18 },
  { key: 'name', zh: '用户昵称', en: 'Nickname', aliases: ['昵称'], width: 14 },
  { key: 'realName', zh: '用户姓名', en: 'Real name', aliases: ['姓名'], width: 14 },
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
const REQUIRED: readonly ImportField[] = ['account', 'realName'];

const SEX_TEXT: Record<Language, Record<number, string>> = { zh: { 1: '男', 2: '女', 3: '未知' }, en: { 1: 'Male', 2: 'Female', 3: 'Unknown' } };
const STATUS_TEXT: Record<Language, Record<number, string>> = { zh: { 0: '待审核', 1: '正常', 2: '停用' }, en: { 0: 'Pending', 1: 'Active', 2: 'Disabled' } };

export const languageOf = (value: string | undefined): Language => (value?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh');

const header = (text: string) => ({ value: text, fontWeight: 'bold' as const, backgroundColor: '#F2F3F5' });

async function workbook(columns: readonly Column[], rows: string[][], language: Language, sheet: string): Promise<Uint8Array> {
  const data = [columns.map((c) => header(c[language])), ...rows.map((row) => row.map((value) => ({ value, type: String })))];
  const buffer = await writeXlsxFile(data, { sheet, columns: columns.map((c) => ({ width: c.width })), stickyRowsCount: 1 }).toBuffer();
  return new Uint8Array(buffer);
}

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

/** `attachment; filename="users.xlsx"; filename*=UTF-8''用户数据….xlsx` (RFC 6266). */
export function attachment(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

// ---- reading ---------------------------------------------------------------------------------------

/**
 * Checks the archive's directory before anything unpacks it: a zip whose entries would unpack into
 * more than MAX_UNPACKED bytes (a "zip bomb"), or that has too many entries, or is no zip at all, is
 * refused with a 400. Reads the end-of-central-directory record and walks the central directory.
 */
export function checkArchive(bytes: Uint8Array): void {
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) throw bizError(MSG_FILE_TYPE); // .xls
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw bizError(MSG_FILE_TYPE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw bizError(MSG_FILE_TYPE);
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (entries === 0 || entries > MAX_ENTRIES || offset + size > end) throw bizError(MSG_FILE_TYPE);
  let at = offset;
  let unpacked = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw bizError(MSG_FILE_TYPE);
    const packed = view.getUint32(at + 20, true);
    const plain = view.getUint32(at + 24, true);
    // ZIP64 sizes (0xFFFFFFFF) never occur in a spreadsheet this small.
    if (packed === 0xffffffff || plain === 0xffffffff) throw bizError(MSG_FILE_TYPE);
    unpacked += plain;
    if (unpacked > MAX_UNPACKED) throw bizError(MSG_FILE_TYPE);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}

export type Cell = string | number | boolean | Date | null;

export interface ImportRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  cells: Partial<Record<ImportField, Cell>>;
}

const normalizeHeader = (text: string) => text.replace(/[\s*＊:：()（）]/g, '').toLowerCase();
const HEADERS = new Map<string, ImportField>();
for (const column of IMPORT_COLUMNS) {
  for (const text of [column.zh, column.en, ...(column.aliases ?? [])]) HEADERS.set(normalizeHeader(text), column.key as ImportField);
}

const isBlank = (cell: Cell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * The rows of the first sheet, keyed by the header row. 400 when the bytes are no .xlsx, when a
 * required column is missing, when there are no data rows or more than MAX_IMPORT_ROWS of them.
 * Blank rows are skipped.
 */
export async function readImportSheet(bytes: Uint8Array): Promise<ImportRow[]> {
  if (bytes.length > MAX_IMPORT_BYTES) throw bizError(MSG_FILE_SIZE);
  checkArchive(bytes);
  let data: Cell[][];
  try {
    const sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    data = (sheets[0]?.data ?? []) as unknown as Cell[][];
  } catch {
    throw bizError(MSG_FILE_TYPE);
  }
  const [head, ...body] = data;
  if (!head) throw bizError(MSG_EMPTY);
  const keys = head.map((cell) => (typeof cell === 'string' ? HEADERS.get(normalizeHeader(cell)) : undefined));
  const missing = REQUIRED.filter((key) => !keys.includes(key));
  if (missing.length > 0) {
    const columns = missing.map((key) => IMPORT_COLUMNS.find((c) => c.key === key)!);
    throw bizError({ zh: `导入文件缺少列: ${columns.map((c) => c.zh).join('、')}`, en: `The file lacks the columns: ${columns.map((c) => c.en).join(', ')}` });
  }
  const rows: ImportRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every(isBlank)) return;
    const row: ImportRow = { row: i + 2, cells: {} };
    keys.forEach((key, column) => {
      if (key && row.cells[key] === undefined) row.cells[key] = cells[column] ?? null;
    });
    rows.push(row);
  });
  if (rows.length === 0) throw bizError(MSG_EMPTY);
  if (rows.length > MAX_IMPORT_ROWS) throw bizError(MSG_TOO_MANY_ROWS);
  return rows;
}

/** A cell as text: numbers without exponent (a phone number typed as a number), dates as `yyyy-MM-dd`. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : String(cell);
  return String(cell).trim();
}

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
