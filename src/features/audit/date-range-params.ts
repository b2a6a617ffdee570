// The URL keeps days as YYYY-MM-DD; the calendar works in Dates at the reader's local midnight.
import type { DateRange } from 'react-day-picker';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day a Date falls on where the reader is, as the URL writes it. */
export const dayParam = (date: Date) => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The reader's local midnight of a YYYY-MM-DD day; undefined for anything else. */
export function dayFromParam(param: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(param);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Years 0-99 would otherwise be read as 1900-1999, and 2026-02-30 as March.
  date.setFullYear(year);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/** The calendar's selection for the URL's range: undefined when neither end is set. */
export function rangeFromParams({ from, to }: { from: string; to: string }): DateRange | undefined {
  const start = dayFromParam(from);
  const end = dayFromParam(to);
  return start || end ? { from: start, to: end } : undefined;
}

/** The URL's range for the calendar's selection ('' = open end). */
export const paramsFromRange = (range: DateRange | undefined) => ({
  from: range?.from ? dayParam(range.from) : '',
  to: range?.to ? dayParam(range.to) : '',
});

/** The last `days` days, today included (the presets). */
export function lastDays(days: number, now: Date = new Date()) {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: dayParam(start), to: dayParam(now) };
}
