import { describe, expect, it } from 'vitest';
import enAuth from '#/locales/en/auth.json';
import enCommon from '#/locales/en/common.json';
import { ENTRY_STRINGS } from './entry-strings';
import { SECTION_STRINGS } from './section-strings';

/** The server's own: the sign-in code's e-mail. */
const SERVER_ONLY = { common: [] as string[], auth: ['email'] };

describe("the browser's English strings", () => {
  for (const [ns, file] of [
    ['common', enCommon],
    ['auth', enAuth],
  ] as const) {
    it(`"${ns}": every top-level key is in the entry, the sections' part or the server's, exactly once`, () => {
      const parts = [Object.keys(ENTRY_STRINGS[ns]), Object.keys(SECTION_STRINGS[ns]), SERVER_ONLY[ns]];
      expect(parts.flat().sort()).toEqual(Object.keys(file).sort());
    });

    it(`"${ns}": the parts hold the file's own strings`, () => {
      expect({ ...ENTRY_STRINGS[ns], ...SECTION_STRINGS[ns] }).toEqual(
        Object.fromEntries(Object.entries(file).filter(([key]) => !SERVER_ONLY[ns].includes(key))),
      );
    });
  }
});
