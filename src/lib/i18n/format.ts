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
