/**
 * A course's time as one short text: `2026-12-04 09:00–17:00` within a day, `2026-12-08 09:30 – 12-09
 * 17:30` across days (the year again only when it changes). Seconds are left out: courses start on the minute.
 */
export function timeRange(start: string, end: string): string {
  const from = start.slice(0, 16);
  if (!end) return from || '-';
  if (!from) return end.slice(0, 16);
  if (end.slice(0, 10) === start.slice(0, 10)) return `${from}–${end.slice(11, 16)}`;
  return `${from} – ${end.slice(0, 4) === start.slice(0, 4) ? end.slice(5, 16) : end.slice(0, 16)}`;
}
