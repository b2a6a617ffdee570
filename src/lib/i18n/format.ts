/** Dates in the reader's language (docs/product.md, Constants). Intl does the work. */
export function formatDate(value: Date | string | number, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // Arabic with Latin digits reads well across the Arab world and matches the rest of the UI.
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language;
  return new Intl.DateTimeFormat(locale, options).format(date);
}

export function formatDateTime(value: Date | string | number, language: string) {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
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
    if (Math.abs(amount) < size) return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
