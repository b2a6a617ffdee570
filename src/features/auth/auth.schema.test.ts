import { describe, expect, it } from 'vitest';
import { codeSchema, emailSchema, nameSchema } from './auth.schema';

const firstError = (schema: { safeParse: (v: unknown) => { error?: { issues: Array<{ message: string }> } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('auth schemas', () => {
  it('validates the code param: required, characters, exactly 6', () => {
    expect(firstError(codeSchema, '')).toBe('validation.codeRequired');
    expect(firstError(codeSchema, '12 3!5')).toBe('validation.codeInvalid');
    expect(firstError(codeSchema, '12345')).toBe('validation.codeLength');
    expect(firstError(codeSchema, '1234567')).toBe('validation.codeLength');
    expect(codeSchema.parse('123456')).toBe('123456');
  });

  it('validates a new email address with the spec’s messages', () => {
    expect(firstError(emailSchema, '')).toBe('validation.emailRequired');
    expect(firstError(emailSchema, '   ')).toBe('validation.emailRequired');
    expect(firstError(emailSchema, 'nope')).toBe('validation.emailInvalid');
    expect(emailSchema.parse(' ada@example.org ')).toBe('ada@example.org');
  });

  it('takes names in any script, with digits and punctuation; refuses markup, control characters, length', () => {
    expect(firstError(nameSchema, '')).toBe('validation.nameRequired');
    expect(firstError(nameSchema, '   ')).toBe('validation.nameRequired');
    expect(firstError(nameSchema, '<script>')).toBe('validation.nameInvalid');
    expect(firstError(nameSchema, 'Ada\u0000Lovelace')).toBe('validation.nameInvalid');
    expect(firstError(nameSchema, 'Ada\u202eecalevoL')).toBe('validation.nameInvalid');
    expect(firstError(nameSchema, '...')).toBe('validation.nameInvalid');
    expect(firstError(nameSchema, 'a'.repeat(101))).toBe('validation.nameInvalid');
    for (const name of [
      'Ada Lovelace',
      'Acc Demo 42',
      'Émile Zola',
      "Sinéad O'Connor",
      'أمينة حداد',
      'Wanjiru Mwangi-Otieno',
      'R2-D2',
      'José (Pepe) García, Jr.',
    ]) {
      expect(nameSchema.parse(name)).toBe(name);
    }
  });

  it('F11: refuses links in a name (the inviter is named in the invitation e-mail), not dots or colons', () => {
    for (const name of ['Verify at https://evil.example', 'HTTP://EVIL.EXAMPLE', 'Ada www.evil.example', 'Ada evil.example/login']) {
      expect(firstError(nameSchema, name), name).toBe('validation.nameInvalid');
    }
    for (const name of ['Dr. Ada Lovelace', 'Ada: the first programmer', 'Ada (ada.dev)']) expect(nameSchema.parse(name)).toBe(name);
  });
});
