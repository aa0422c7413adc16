import type { Page } from '../http';
import type { FieldDef } from '../schema/entity';
import { formatYuan } from '../schema/money';
import type { ChoiceOption } from './dictionary';
import { cellText, fieldLabel } from './fields';
import type { Row } from './query';

/** At most this many rows go into one export (a bigger one is cut, and the user is told). */
export const EXPORT_CAP = 10_000;
/** Rows asked per call while exporting (a server may answer fewer: the pages follow what it sends). */
export const EXPORT_PAGE_SIZE = 500;

/** One page of the list as it is filtered and sorted now. */
export type PageFetcher = (current: number, size: number) => Promise<Page<Row>>;

export interface CollectedRows {
  rows: Row[];
  /** How many matched (more than `rows` when the cap cut the export). */
  total: number;
  /** false: `total` is a lower bound (the server stopped counting). */
  exact: boolean;
}

/**
 * Every row matching the list's query, page after page, up to the cap. `onProgress` hears how many rows
 * are in and how many are expected after each page.
 */
export async function collectRows(fetchPage: PageFetcher, onProgress?: (done: number, total: number) => void, cap = EXPORT_CAP): Promise<CollectedRows> {
  const rows: Row[] = [];
  let total = 0;
  let exact = true;
  for (let current = 1; rows.length < cap; current += 1) {
    const page = await fetchPage(current, EXPORT_PAGE_SIZE);
    total = page.total;
    exact = page.totalExact !== false;
    rows.push(...page.records.slice(0, cap - rows.length));
    onProgress?.(rows.length, Math.min(total, cap));
    if (page.records.length === 0 || rows.length >= total) break;
  }
  return { rows, total: Math.max(total, rows.length), exact };
}

/** Every row of a tree, parents before their children (a tree list exports what it shows, opened or not). */
export function flattenRows(rows: readonly Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flattenRows(Array.isArray(row.children) ? (row.children as Row[]) : [])]);
}

/** A cell of the sheet: text, or an amount in yuan (a number the sheet can add up, shown with two decimals). */
export type SheetCell = string | { yuan: number; text: string };

/** An amount's cell: yuan read from the digits of its fen (never fen / 100 on a float); text when it is no whole fen. */
function moneyCell(value: unknown, text: string): SheetCell {
  const fen = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(fen) ? { yuan: Number(formatYuan(fen).replace(/,/g, '')), text } : text;
}

/** The sheet: a header row of the columns' labels, then each row's cells as the list shows them (labels, not codes; amounts as numbers). */
export function sheetRows(columns: readonly [string, FieldDef][], rows: readonly Row[], optionsOf: (field: FieldDef) => readonly ChoiceOption[]): SheetCell[][] {
  const header = columns.map(([, field]) => fieldLabel(field));
  return [
    header,
    ...rows.map((row) =>
      columns.map(([name, field]) => {
        const text = cellText(field, row[name], optionsOf(field));
        return field.type === 'money' && text !== '' ? moneyCell(row[name], text) : text;
      }),
    ),
  ];
}

const cellWidthText = (cell: SheetCell) => (typeof cell === 'string' ? cell : cell.text);

/** Writes the sheet as an .xlsx and hands it to the browser as a download. */
export async function downloadWorkbook(sheet: SheetCell[][], fileName: string, sheetName: string): Promise<Blob> {
  // Loaded when the first export is asked for: the list screens do not carry the writer.
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const widths = sheet[0]!.map((_, col) => ({ width: Math.min(60, Math.max(8, ...sheet.slice(0, 200).map((row) => textWidth(cellWidthText(row[col] ?? ''))))) }));
  const cell = (value: SheetCell, header: boolean) =>
    typeof value === 'string' ? (header ? { value, fontWeight: 'bold' as const } : { value }) : { value: value.yuan, type: Number, format: '#,##0.00', align: 'right' as const };
  const blob = await writeXlsxFile(sheet.map((row, i) => row.map((value) => cell(value, i === 0))), { columns: widths, sheet: sheetName.slice(0, 31), stickyRowsCount: 1 }).toBlob();
  saveBlob(blob, fileName);
  return blob;
}

/** Characters wide, a CJK character counting two. */
function textWidth(text: string): number {
  let width = 2;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1;
  return width;
}

/** Hands a file to the browser to save (nothing where there is nowhere to save to, as in a test's DOM). */
export function saveBlob(blob: Blob, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return; // nowhere to save to (a test's DOM)
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
