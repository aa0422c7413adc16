/**
 * Date ranges of the statistics, as the wire writes dates (`yyyy-MM-dd`), in the browser's calendar.
 * Arithmetic goes through UTC midnights so that a daylight-saving change never shifts a day.
 */

export interface DateRange {
  start: string;
  end: string;
}

/** The longest range the statistics call answers, in days (a leap year). */
export const MAX_RANGE_DAYS = 366;

/** The range shown when the address names none. */
export const DEFAULT_RANGE_DAYS = 30;

export const PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

function toUtc(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  // 2024-02-30 is not a date (Date.UTC would roll it over into March).
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? time : null;
}

const fromUtc = (time: number) => {
  const d = new Date(time);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
};

export const isDate = (value: string): boolean => toUtc(value) !== null;

/** Today in the browser's calendar. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

export function addDays(date: string, days: number): string {
  const time = toUtc(date);
  if (time === null) throw new Error(`not a date: ${date}`);
  return fromUtc(time + days * DAY_MS);
}

/** Days in the range, both ends included (0 when the end is before the start). */
export function rangeDays(range: DateRange): number {
  const start = toUtc(range.start);
  const end = toUtc(range.end);
  if (start === null || end === null || end < start) return 0;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** The `days` days ending on `end`. */
export const lastDays = (end: string, days: number): DateRange => ({ start: addDays(end, 1 - days), end });

export function presetRange(preset: Preset, today: string): DateRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'last7':
      return lastDays(today, 7);
    case 'last30':
      return lastDays(today, 30);
    case 'last90':
      return lastDays(today, 90);
    case 'thisMonth':
      return { start: monthStart, end: today };
    case 'lastMonth': {
      const lastOfPrevious = addDays(monthStart, -1);
      return { start: `${lastOfPrevious.slice(0, 8)}01`, end: lastOfPrevious };
    }
  }
}

/** The preset that gives exactly this range today, if any. */
export function presetOf(range: DateRange, today: string): Preset | undefined {
  return PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.start === range.start && candidate.end === range.end;
  });
}

/** A range from the address, or null when it is not one the call would answer (a link edited by hand). */
export function parseRange(start: string | null, end: string | null): DateRange | null {
  if (!start || !end || !isDate(start) || !isDate(end)) return null;
  const range = { start, end };
  const days = rangeDays(range);
  return days >= 1 && days <= MAX_RANGE_DAYS ? range : null;
}

/** The range of the same length just before this one: what the figures are compared with. */
export function previousRange(range: DateRange): DateRange {
  return lastDays(addDays(range.start, -1), rangeDays(range));
}
