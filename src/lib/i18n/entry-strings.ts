/** The English strings the browser's entry carries (see section-strings.ts for the split). */
import { error, login, validation, verify } from '#/locales/en/auth.json';
import { actions, app, demo, errors, nav, user } from '#/locales/en/common.json';

export const ENTRY_STRINGS = {
  common: { actions, app, demo, errors, nav, user },
  auth: { error, login, validation, verify },
};
