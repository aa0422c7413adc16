/** A course's time in two short lines: the day (or days), then the hours. */
export interface TimeRange {
  days: string;
  hours: string;
}

/**
 * `2026-12-04` / `09:00–17:00` within a day; `2026-12-08 – 12-09` / `09:30–17:30` across days (the year
 * again only when it changes). Seconds are left out: courses start on the minute.
 */
export function timeRange(start: string, end: string): TimeRange {
  const day = start.slice(0, 10);
  const endDay = end.slice(0, 10);
  const hours = [start.slice(11, 16), end.slice(11, 16)].filter(Boolean).join('–');
  if (!endDay || endDay === day) return { days: day || '-', hours };
  return { days: `${day} – ${endDay.slice(0, 4) === day.slice(0, 4) ? endDay.slice(5) : endDay}`, hours };
}
