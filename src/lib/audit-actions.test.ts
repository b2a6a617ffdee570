import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-actions';
import { LANGUAGE_CODES } from './i18n/languages';

type Strings = { [key: string]: string | Strings };
const audit = (lng: string) => JSON.parse(readFileSync(new URL(`../locales/${lng}/audit.json`, import.meta.url), 'utf8')) as Strings;

/** i18next reads 'auth.sign-in' as a nested key: the leaves of `strings`, dot-joined. */
const keys = (strings: Strings, prefix = ''): string[] =>
  Object.entries(strings).flatMap(([k, v]) => (typeof v === 'string' ? (v.trim() ? [prefix + k] : []) : keys(v, `${prefix}${k}.`)));

describe('audit actions', () => {
  it.each(LANGUAGE_CODES)('%s names every action and target type, and no other', (lng) => {
    const strings = audit(lng);
    expect(keys(strings.actions as Strings).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(keys(strings.targetTypes as Strings).sort()).toEqual([...AUDIT_TARGET_TYPES].sort());
  });
});
