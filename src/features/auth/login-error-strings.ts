/** Added by its page, left out of the entry (src/lib/i18n/entry-strings.ts). */
import { error } from '#/locales/en/auth.json?part=login-error';
import type { EnglishPart } from '#/lib/i18n/entry-strings';

export const LOGIN_ERROR_STRINGS = { auth: { error } } satisfies EnglishPart;
