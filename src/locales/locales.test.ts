import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, NAMESPACES } from '#/lib/i18n/languages';

const dir = path.join(import.meta.dirname);
const load = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as object;

function flatten(obj: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      typeof v === 'object' && v !== null ? Object.entries(flatten(v as object, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]))].sort();
/** i18next plural forms differ per language (Arabic has six): compare their base keys. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
function byBaseKey(flat: Record<string, string>) {
  const out: Record<string, Array<{ value: string; plural: boolean }>> = {};
  for (const [k, v] of Object.entries(flat)) (out[k.replace(PLURAL, '')] ??= []).push({ value: v, plural: PLURAL.test(k) });
  return out;
}

describe('translations', () => {
  it('has one file per declared namespace in every language, and no other', () => {
    for (const lng of LANGUAGE_CODES) {
      expect(readdirSync(path.join(dir, lng)).sort(), lng).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`"${ns}": every language has exactly the English keys, non-empty, with the same placeholders`, () => {
      const en = byBaseKey(flatten(load('en', ns)));
      for (const lng of LANGUAGE_CODES.filter((l) => l !== 'en')) {
        const other = byBaseKey(flatten(load(lng, ns)));
        expect(Object.keys(other).sort(), `${lng}/${ns} keys`).toEqual(Object.keys(en).sort());
        for (const [key, values] of Object.entries(other)) {
          const expected = placeholders(en[key]!.map((e) => e.value).join(' '));
          for (const { value, plural } of values) {
            expect(value.trim(), `${lng}/${ns}:${key}`).not.toBe('');
            // A plural form may say its number in words ('عضو واحد', one member): only it may leave
            // out {{count}}; every other placeholder stays.
            const wanted = plural ? expected.filter((p) => p !== 'count' || placeholders(value).includes('count')) : expected;
            expect(placeholders(value), `${lng}/${ns}:${key} placeholders`).toEqual(wanted);
          }
        }
      }
    });
  }
});
