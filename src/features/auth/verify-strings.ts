/** The code step's English strings, added by its page (page-login-verify.tsx; see src/lib/i18n/entry-strings.ts). */
import { verify } from '#/locales/en/auth.json?part=verify';
import type { EnglishPart } from '#/lib/i18n/entry-strings';

export const VERIFY_STRINGS = { auth: { verify } } satisfies EnglishPart;
