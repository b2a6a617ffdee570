/** Added by its page, left out of the entry (src/lib/i18n/entry-strings.ts). */
import { verify } from '#/locales/en/auth.json?part=verify';
import type { EnglishPart } from '#/lib/i18n/entry-strings';

export const VERIFY_STRINGS = { auth: { verify } } satisfies EnglishPart;
