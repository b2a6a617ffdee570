// eslint.config.js refuses an `Intl` formatter made outside src/lib/i18n/format.ts, `toLocaleString`,
// and format.ts's date functions outside use-dates.ts.
import { describe, expect, it } from 'vitest';
import { lint } from './support/lint.ts';

const MADE_ELSEWHERE = [
  "export const a = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());",
  "export const b = new Intl.NumberFormat('fr').format(12);",
  "export const c = new Intl.RelativeTimeFormat('ar').format(-1, 'day');",
  "export const d = (12345).toLocaleString('ar');",
  "export const e = new Date().toLocaleDateString('sw');",
  '',
].join('\n');

describe('formatters (eslint.config.js)', () => {
  it('refuses a formatter made in a page, a component or lib', async () => {
    for (const file of ['src/features/users/synthetic.tsx', 'src/components/synthetic.tsx', 'src/lib/synthetic.ts']) {
      const messages = await lint(file, MADE_ELSEWHERE);
      expect(messages).toHaveLength(5);
      for (const message of messages) expect(message).toMatch(/^no-restricted-properties: .*#\/lib\/i18n\/format/);
    }
  });

  it('lets pages use the kept formatters and useDates, and format.ts make them', async () => {
    const page = [
      "import { formatNumber } from '#/lib/i18n/format';",
      "import { useDates } from '#/lib/i18n/use-dates';",
      "export const useA = () => useDates().dateTime(new Date()) + formatNumber(12, 'ar');",
      "export const b = 'A'.toLocaleUpperCase();",
      '',
    ].join('\n');
    expect(await lint('src/features/users/synthetic.tsx', page)).toEqual([]);
    expect(await lint('src/lib/i18n/format.ts', MADE_ELSEWHERE)).toEqual([]);
  });

  it('refuses a date written in the runtime’s time zone on a page', async () => {
    const page = [
      "import { formatDate, formatDateTime, formatRelative } from '#/lib/i18n/format';",
      "export const a = formatDate(new Date(), 'en') + formatDateTime(new Date(), 'fr') + formatRelative(0, 'ar');",
      '',
    ].join('\n');
    for (const file of ['src/features/users/synthetic.tsx', 'src/components/synthetic.tsx', 'src/layout/synthetic.tsx']) {
      const messages = await lint(file, page);
      expect(messages).toHaveLength(3);
      for (const message of messages) expect(message).toMatch(/^no-restricted-imports: .*useDates\(\) from '#\/lib\/i18n\/use-dates'/);
    }
    const hook = "import { formatDate } from './format';\nexport const a = formatDate(new Date(), 'en', { timeZone: 'UTC' });\n";
    expect(await lint('src/lib/i18n/use-dates.ts', hook)).toEqual([]);
  });
});
