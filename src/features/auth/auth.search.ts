/**
 * The sign-in pages' search params and the sign-in e-mail rule, without zod: /login is the page
 * most visitors load first, and these run in its route tree and its first form (decision 024).
 */
import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';

/** `redirect` and `error`: unparseable values fall back to empty (docs/product.md, Routes). */
export const loginSearch = searchParams<{ redirect: string }>({ redirect: stringParam() });
export const verifySearch = searchParams<{ email: string; redirect: string }>({ email: stringParam(), redirect: stringParam() });
export const loginErrorSearch = searchParams<{ error: string }>({ error: stringParam() });

const LOGIN_ERRORS = ['unknown_error', 'signup_disabled', 'access_denied', 'banned', 'email_not_verified', 'account_not_linked'] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];
export const toLoginError: (value: string) => LoginError = oneOfParam(LOGIN_ERRORS);

export type EmailError = 'validation.emailRequired' | 'validation.emailInvalid';

/** zod's own e-mail pattern (`z.email()`'s, in zod/v4/core/regexes), so the API and the forms agree (tested). */
// eslint-disable-next-line no-useless-escape -- zod's source verbatim: a test compares the two
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * The sign-in e-mail (docs/product.md, "Entities and validation"): trimmed, required, valid.
 * Returns the trimmed e-mail or the key of the `auth` message to show.
 */
export function checkEmail(value: unknown): { email: string; error?: undefined } | { email?: undefined; error: EmailError } {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return { error: 'validation.emailRequired' };
  if (!EMAIL_PATTERN.test(email)) return { error: 'validation.emailInvalid' };
  return { email };
}
