import { describe, expect, it } from 'vitest';
import enAuth from '#/locales/en/auth.json';
import enCommon from '#/locales/en/common.json';
import { LOGIN_ERROR_STRINGS } from '#/features/auth/login-error-strings';
import { VERIFY_STRINGS } from '#/features/auth/verify-strings';
import { DEMO_STRINGS } from '#/features/demo/demo-strings';
import { ENTRY_STRINGS, type EnglishPart } from './entry-strings';
import { SECTION_STRINGS } from './section-strings';

/** The server's own: the sign-in code's e-mail. */
const SERVER_ONLY = { common: {}, auth: { email: enAuth.email } };

const PARTS: Record<string, EnglishPart> = {
  entry: ENTRY_STRINGS,
  sections: SECTION_STRINGS,
  verify: VERIFY_STRINGS,
  loginError: LOGIN_ERROR_STRINGS,
  demo: DEMO_STRINGS,
  server: SERVER_ONLY,
};

describe("the browser's English strings", () => {
  for (const [ns, file] of [
    ['common', enCommon],
    ['auth', enAuth],
  ] as const) {
    it(`"${ns}": every top-level key is in exactly one part (the entry, a chunk's, or the server's)`, () => {
      const keys = Object.values(PARTS).flatMap((part) => Object.keys(part[ns] ?? {}));
      expect(keys.sort()).toEqual(Object.keys(file).sort());
    });

    it(`"${ns}": the parts hold the file's own strings`, () => {
      const merged = Object.assign({}, ...Object.values(PARTS).map((part) => part[ns] ?? {}));
      expect(merged).toEqual(file);
    });
  }

  it('the entry keeps the sign-in form and the error pages, not the other steps, the sections or the dialog', () => {
    expect(Object.keys(ENTRY_STRINGS.auth).sort()).toEqual(['login', 'validation']);
    expect(Object.keys(ENTRY_STRINGS.common).sort()).toEqual(['actions', 'app', 'errors', 'user']);
  });
});
