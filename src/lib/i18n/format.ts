// Formatters are kept: making one costs far more than formatting with it, once per row adds up.

/** Arabic with Latin digits reads well across the Arab world and matches the rest of the UI. */
const localeOf = (language: string) => (language === 'ar' ? 'ar-u-nu-latn' : language);

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;

// The bound only guards against a caller passing options built from data.
const made = new Map<string, Formatter>();
const MAX_FORMATTERS = 200;

function kept<T extends Formatter>(kind: string, language: string, options: object | undefined, make: (locale: string) => T): T {
  const key = `${kind}\u0000${language}\u0000${options ? JSON.stringify(options) : ''}`;
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(localeOf(language));
    if (made.size >= MAX_FORMATTERS) made.clear();
    made.set(key, formatter);
  }
  return formatter;
}

export const dateFormat = (language: string, options?: Intl.DateTimeFormatOptions) =>
  kept('date', language, options, (locale) => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (language: string, options?: Intl.NumberFormatOptions) =>
  kept('number', language, options, (locale) => new Intl.NumberFormat(locale, options));

const relativeFormat = (language: string) =>
  kept('relative', language, undefined, (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

export function formatDate(value: Date | string | number, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, options).format(date);
}

/** A day and a time; `timeZone` as Intl's (the reader's, `use-dates.ts`), the runtime's without. */
export function formatDateTime(value: Date | string | number, language: string, timeZone?: string) {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** A count or amount with the language's grouping ('12,345', '12 345'). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions) {
  return numberFormat(language, options).format(value);
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or ahead) a time is, in the language ('3 minutes ago', 'il y a 3 minutes'). */
export function formatRelative(value: Date | string | number, language: string, now: number = Date.now()) {
  let amount = (new Date(value).getTime() - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat(language).format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
