/**
 * The browser's English strings, in parts (the files stay whole: the server and the other languages
 * read them as they are). The entry carries what the sign-in form and the error pages show; each
 * other part goes with the code that shows it, which adds it to the browser's instance when its
 * chunk loads, before its first render (`addEnglishStrings`), so /login's first load goes without
 * them:
 * - the signed-in sections' shell (section-strings.ts): navigation, menus, lists, onboarding (shown
 *   inside a section);
 * - the code step (src/features/auth/verify-strings.ts) and the sign-in error page
 *   (src/features/auth/login-error-strings.ts);
 * - the demo-mode dialog (src/features/demo/demo-strings.ts).
 * Each part imports its keys as a module of its own (`….json?part=<name>`, typed in
 * english-parts.d.ts): a module's strings would otherwise sit in the chunk that holds it, the
 * entry's. `auth.email` is the server's (the sign-in code's message). A test keeps every top-level
 * key of `common` and `auth` in exactly one part.
 */
import { login, validation } from '#/locales/en/auth.json';
import { actions, app, errors, user } from '#/locales/en/common.json';

export const ENTRY_STRINGS = {
  common: { actions, app, errors, user },
  auth: { login, validation },
};

/** A part of the English strings, by namespace. */
export type EnglishPart = { common?: object; auth?: object };
