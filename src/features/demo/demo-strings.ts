/** Added by its dialog, left out of the entry (src/lib/i18n/entry-strings.ts). */
import { demo } from '#/locales/en/common.json?part=demo';
import type { EnglishPart } from '#/lib/i18n/entry-strings';

export const DEMO_STRINGS = { common: { demo } } satisfies EnglishPart;
