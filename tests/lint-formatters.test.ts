/**
 * Dates and numbers are formatted through src/lib/i18n/format.ts (decision 053). eslint.config.js
 * refuses an `Intl` formatter made elsewhere and `toLocaleString`; these tests lint synthetic files
 * with the project's config and check the rule fires there and not in format.ts itself.
 */
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

describe('formatters (eslint.config.js, decision 053)', () => {
  it('refuses a formatter made in a page, a component or lib', async () => {
    for (const file of ['src/features/users/synthetic.tsx', 'src/components/synthetic.tsx', 'src/lib/synthetic.ts']) {
      const messages = await lint(file, MADE_ELSEWHERE);
      expect(messages).toHaveLength(5);
      for (const message of messages) expect(message).toMatch(/^no-restricted-properties: .*#\/lib\/i18n\/format/);
    }
  });

  it('lets pages use the kept formatters, and format.ts make them', async () => {
    const page = [
      "import { formatDate, formatNumber } from '#/lib/i18n/format';",
      "export const a = formatDate(new Date(), 'en') + formatNumber(12, 'ar');",
      "export const b = 'A'.toLocaleUpperCase();",
      '',
    ].join('\n');
    expect(await lint('src/features/users/synthetic.tsx', page)).toEqual([]);
    expect(await lint('src/lib/i18n/format.ts', MADE_ELSEWHERE)).toEqual([]);
  });
});
