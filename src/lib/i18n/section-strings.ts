/** The signed-in sections' English strings, added by their shell (section.tsx; see entry-strings.ts). */
import { impersonation, onboarding, signOut as authSignOut } from '#/locales/en/auth.json?part=sections';
import { list, nav, organizationSwitcher, preferences, sections, signOut, unsaved } from '#/locales/en/common.json?part=sections';
import type { EnglishPart } from './entry-strings';

export const SECTION_STRINGS = {
  common: { list, nav, organizationSwitcher, preferences, sections, signOut, unsaved },
  auth: { impersonation, onboarding, signOut: authSignOut },
} satisfies EnglishPart;
