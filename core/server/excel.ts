import type { Context } from 'hono';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { AppEnv } from './context';
import { bizError } from './http/errors';
import type { LocalText } from './i18n';
import { uploadedFile } from './oss/upload';

/**
 * Spreadsheets in and out, for any import or export: one sheet, a header row, one record per row. Every
 * limit answers 400 before the file is unpacked or read: its size, bytes that are no .xlsx (an .xls, a
 * CSV renamed), an archive that would unpack into more than 40 MB or has too many entries (a "zip bomb"),
 * too many rows, a header row without the required columns. Written cells are text, so a value such as
 * `=1+1` stays text in the file.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetLimits {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Most data rows accepted (blank rows are not counted). */
  maxRows: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = { maxBytes: 1024 * 1024, maxRows: 5000 };
const MAX_UNPACKED = 40 * 1024 * 1024;
const MAX_ENTRIES = 500;

export const MSG_SHEET_TYPE = { zh: '导入文件格式错误,请上传 .xlsx 文件', en: 'Wrong file format, please upload an .xlsx file' };
export const MSG_SHEET_EMPTY = { zh: '导入文件中没有数据', en: 'The file holds no data' };

const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(2));
export const sheetSizeMessage = (limits: Pick<SheetLimits, 'maxBytes'>): LocalText => ({
  zh: `导入文件不能超过${megabytes(limits.maxBytes)}MB`,
  en: `The file may not be larger than ${megabytes(limits.maxBytes)} MB`,
});
export const sheetRowsMessage = (limits: Pick<SheetLimits, 'maxRows'>): LocalText => ({
  zh: `导入数据不能超过${limits.maxRows}行`,
  en: `At most ${limits.maxRows} rows can be imported`,
});

/** A column of a sheet: its key, its header in each language (and other headers read on import), its width. */
export interface SheetColumn<K extends string = string> {
  key: K;
  zh: string;
  en: string;
  aliases?: readonly string[];
  /** Characters. */
  width: number;
  /** An import refuses a file whose header row lacks it. */
  required?: boolean;
}

export type Cell = string | number | boolean | Date | null;

export interface SheetRow<K extends string = string> {
  /** The row's number in the sheet (the header is row 1), as a person reading the file counts. */
  row: number;
  cells: Partial<Record<K, Cell>>;
}

const headerCell = (text: string) => ({ value: text, fontWeight: 'bold' as const, backgroundColor: '#F2F3F5' });

/** A workbook of one sheet: the header row in bold, then the rows, every cell as text. */
export async function writeSheet(columns: readonly { title: string; width: number }[], rows: readonly (readonly string[])[], sheet: string): Promise<Uint8Array> {
  const data = [columns.map((c) => headerCell(c.title)), ...rows.map((row) => row.map((value) => ({ value, type: String })))];
  const buffer = await writeXlsxFile(data, { sheet, columns: columns.map((c) => ({ width: c.width })), stickyRowsCount: 1 }).toBuffer();
  return new Uint8Array(buffer);
}

/** `attachment; filename="users.xlsx"; filename*=UTF-8''用户数据….xlsx` (RFC 6266): an ASCII name for old clients, the real one for the rest. */
export function attachment(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers of a workbook answer, downloaded under `name` (its ASCII form for old clients). */
export function sheetHeaders(asciiName: string, name: string): Record<string, string> {
  return { 'Content-Type': XLSX_TYPE, 'Content-Disposition': attachment(asciiName, name), 'Cache-Control': 'no-store' };
}

/**
 * Checks the archive's directory before anything unpacks it: a zip whose entries would unpack into
 * more than MAX_UNPACKED bytes, or that has too many entries, or is no zip at all, is refused with a
 * 400. Reads the end-of-central-directory record and walks the central directory.
 */
export function checkArchive(bytes: Uint8Array): void {
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) throw bizError(MSG_SHEET_TYPE); // .xls
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw bizError(MSG_SHEET_TYPE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw bizError(MSG_SHEET_TYPE);
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (entries === 0 || entries > MAX_ENTRIES || offset + size > end) throw bizError(MSG_SHEET_TYPE);
  let at = offset;
  let unpacked = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw bizError(MSG_SHEET_TYPE);
    const packed = view.getUint32(at + 20, true);
    const plain = view.getUint32(at + 24, true);
    // ZIP64 sizes (0xFFFFFFFF) never occur in a spreadsheet this small.
    if (packed === 0xffffffff || plain === 0xffffffff) throw bizError(MSG_SHEET_TYPE);
    unpacked += plain;
    if (unpacked > MAX_UNPACKED) throw bizError(MSG_SHEET_TYPE);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}

/** A header as compared: no blanks, no required-marks (`*`), no colons or brackets, lower case. */
const normalizeHeader = (text: string) => text.replace(/[\s*＊:：()（）]/g, '').toLowerCase();

const isBlank = (cell: Cell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * The rows of the first sheet, keyed by the header row (a column is known by its header in either
 * language or an alias; unknown columns are ignored). 400 when the bytes are no .xlsx, when a required
 * column is missing, when there are no data rows or more than `maxRows` of them. Blank rows are skipped.
 */
export async function readSheet<K extends string>(bytes: Uint8Array, columns: readonly SheetColumn<K>[], limits: SheetLimits = DEFAULT_SHEET_LIMITS): Promise<SheetRow<K>[]> {
  if (bytes.length > limits.maxBytes) throw bizError(sheetSizeMessage(limits));
  checkArchive(bytes);
  let data: Cell[][];
  try {
    const sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    data = (sheets[0]?.data ?? []) as unknown as Cell[][];
  } catch {
    throw bizError(MSG_SHEET_TYPE);
  }
  const byHeader = new Map<string, K>();
  for (const column of columns) {
    for (const text of [column.zh, column.en, ...(column.aliases ?? [])]) byHeader.set(normalizeHeader(text), column.key);
  }
  const [head, ...body] = data;
  if (!head) throw bizError(MSG_SHEET_EMPTY);
  const keys = head.map((cell) => (typeof cell === 'string' ? byHeader.get(normalizeHeader(cell)) : undefined));
  const missing = columns.filter((c) => c.required && !keys.includes(c.key));
  if (missing.length > 0) {
    throw bizError({ zh: `导入文件缺少列: ${missing.map((c) => c.zh).join('、')}`, en: `The file lacks the columns: ${missing.map((c) => c.en).join(', ')}` });
  }
  const rows: SheetRow<K>[] = [];
  body.forEach((cells, i) => {
    if (cells.every(isBlank)) return;
    const row: SheetRow<K> = { row: i + 2, cells: {} };
    keys.forEach((key, column) => {
      if (key && row.cells[key] === undefined) row.cells[key] = cells[column] ?? null;
    });
    rows.push(row);
  });
  if (rows.length === 0) throw bizError(MSG_SHEET_EMPTY);
  if (rows.length > limits.maxRows) throw bizError(sheetRowsMessage(limits));
  return rows;
}

/** A cell as text: numbers without exponent or grouping (a phone number typed as a number), dates as `yyyy-MM-dd`. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : String(cell);
  return String(cell).trim();
}

/**
 * The spreadsheet of a multipart upload (field `file`) and the form's other fields: 400 when the body
 * is no multipart form, when `file` is missing, empty or larger than `maxBytes`. The bytes are not yet
 * judged: `readSheet` does that.
 */
export async function uploadedSheet(c: Context<AppEnv>, limits: Pick<SheetLimits, 'maxBytes'> = DEFAULT_SHEET_LIMITS): Promise<{ bytes: Uint8Array; form: Record<string, unknown> }> {
  const { bytes, form } = await uploadedFile(c, { maxBytes: limits.maxBytes, sizeMessage: sheetSizeMessage(limits) });
  if (bytes.length === 0) throw bizError(MSG_SHEET_TYPE);
  return { bytes, form };
}
