/**
 * A festival's date is a month and a day (`MM-dd`) that comes back every year. Plain functions, read by
 * the form, the list and the server alike.
 */

/** Every real month-day, 02-29 included (it comes in leap years): 02-30 and 04-31 are not dates. */
export const MONTH_DAY_PATTERN = '^(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31|02-29)$';

const MONTH_DAY = new RegExp(MONTH_DAY_PATTERN);

/** The days of a month in a leap year (what a month-day may be). */
export const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const isMonthDay = (value: string): boolean => MONTH_DAY.test(value);

const pad = (n: number) => String(n).padStart(2, '0');

/** The month-day of a date, on the local calendar. */
export const monthDayOf = (date: Date): string => `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `yyyy-MM-dd` of a date, on the local calendar. */
const isoDay = (date: Date): string => `${date.getFullYear()}-${monthDayOf(date)}`;

/**
 * The next day the month-day falls on, today included, with the days until then (0: today). 02-29 waits
 * for the next leap year. Undefined for what is not a month-day.
 */
export function nextOccurrence(monthDay: string, today: Date): { date: string; days: number } | undefined {
  if (!isMonthDay(monthDay)) return undefined;
  const [month, day] = monthDay.split('-').map(Number) as [number, number];
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  for (let year = today.getFullYear(); year <= today.getFullYear() + 8; year++) {
    const at = Date.UTC(year, month - 1, day);
    const fits = new Date(at).getUTCMonth() === month - 1; // 02-29 of a common year rolls into March
    if (fits && at >= start) return { date: isoDay(new Date(year, month - 1, day)), days: Math.round((at - start) / 86_400_000) };
  }
  return undefined;
}
