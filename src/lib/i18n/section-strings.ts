/**
 * The browser's English strings, split in two (the files stay whole: the server and the other
 * languages read them as they are). The entry carries what any page may show: the sign-in pages,
 * the error pages, the navigation, the demo-mode dialog. The sections' shell adds what only the
 * signed-in sections show (onboarding among them: it is shown inside a section) when its chunk
 * loads, before their first render: /login's first load
 * goes without them. `e-mail` is the server's (the sign-in code's message). A test keeps every
 * top-level key of `common` and `auth` in exactly one of the three.
 */
import type { i18n as I18n } from 'i18next';
// Imported as modules of their own (`?sections`, typed in english-parts.d.ts): a module's strings
// would otherwise sit in the chunk that holds it, the entry's.
import { impersonation, onboarding, signOut as authSignOut } from '#/locales/en/auth.json?sections';
import { list, organizationSwitcher, preferences, sections, signOut, unsaved } from '#/locales/en/common.json?sections';

export const SECTION_STRINGS = {
  common: { list, organizationSwitcher, preferences, sections, signOut, unsaved },
  auth: { impersonation, onboarding, signOut: authSignOut },
};

/** Adds the sections' English strings to the browser's instance (the server has every string). */
export function addSectionStrings(i18n: I18n) {
  for (const [ns, strings] of Object.entries(SECTION_STRINGS)) i18n.addResourceBundle('en', ns, strings, true, false);
}
