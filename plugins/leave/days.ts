/**
 * The leave's rules both sides apply: the browser shows the days as they are typed, the server judges and
 * stores them. Times are wall-clock `yyyy-MM-dd HH:mm:ss`, compared as such (no time zone moves them).
 */

const DAY_MS = 86_400_000;
/** The longest leave one request may ask for. */
export const MAX_LEAVE_DAYS = 365;
export const MAX_REASON = 500;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Milliseconds of a wall-clock time on a common scale; undefined when it is not a real `yyyy-MM-dd HH:mm:ss`. */
export function wallClockMs(text: string): number | undefined {
  const m = PATTERN.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return ms;
}

/** What is wrong with a leave's times, if anything. */
export type LeaveTimesRefusal = 'startTime' | 'endTime' | 'order' | 'tooLong';

/**
 * The leave's whole days, as BladeX counts them (the difference's days, rounded down), or why the times
 * are refused: a start or end that is not a time, an end not after the start, more than a year.
 */
export function judgeLeaveTimes(startTime: string, endTime: string): { days: number } | { refusal: LeaveTimesRefusal } {
  const start = wallClockMs(startTime);
  if (start === undefined) return { refusal: 'startTime' };
  const end = wallClockMs(endTime);
  if (end === undefined) return { refusal: 'endTime' };
  if (end <= start) return { refusal: 'order' };
  if (end - start > MAX_LEAVE_DAYS * DAY_MS) return { refusal: 'tooLong' };
  return { days: Math.floor((end - start) / DAY_MS) };
}
