import { afterAll, describe, expect, it } from 'vitest';
import { z } from '#/lib/zod';
import fr from '#/locales/fr/zod.json';
import sw from '#/locales/sw/zod.json';
import { createI18n } from './i18n';
import { zodErrorMap } from './zod-errors';

const message = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('translated generic validation messages', () => {
  const i18n = createI18n('en');
  z.config({ customError: zodErrorMap(() => i18n) });
  afterAll(() => z.config({ customError: undefined }));

  it('speaks English by default', () => {
    expect(message(z.object({ name: z.string() }), {})).toBe('Required');
    expect(message(z.string().min(1), '')).toBe('Required');
    expect(message(z.string().min(3), 'ab')).toBe('Must contain at least 3 characters');
    expect(message(z.email(), 'nope')).toBe('Invalid email address');
    expect(message(z.date(), new Date('x'))).toBe('Invalid date');
    expect(message(z.union([z.string(), z.number()]), true)).toBe('Invalid input');
  });

  it('follows the current language, loaded on demand', async () => {
    await i18n.changeLanguage('fr');
    expect(message(z.string().min(1), '')).toBe(fr.required);
    await i18n.changeLanguage('sw');
    expect(message(z.date(), new Date('x'))).toBe(sw.invalid_date);
    expect(message(z.string().max(2), 'abc')).toBe(sw.too_big_string.replace('{{maximum}}', '2'));
  });
});
