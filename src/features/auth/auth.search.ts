// Without zod: /login is the page most visitors load first, and these run in its route tree and first form.
import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';

/** Unparseable values fall back to empty. */
export const loginSearch = searchParams<{ redirect: string }>({ redirect: stringParam() });
export const verifySearch = searchParams<{ email: string; redirect: string }>({ email: stringParam(), redirect: stringParam() });
export const loginErrorSearch = searchParams<{ error: string }>({ error: stringParam() });

const LOGIN_ERRORS = ['unknown_error', 'signup_disabled', 'access_denied', 'banned', 'email_not_verified', 'account_not_linked'] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];
export const toLoginError: (value: string) => LoginError = oneOfParam(LOGIN_ERRORS);

export type EmailError = 'validation.emailRequired' | 'validation.emailInvalid';

/** zod's own e-mail pattern (`z.email()`'s), so the API and the forms agree. */
// eslint-disable-next-line no-useless-escape -- zod's source verbatim: a test compares the two
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The trimmed e-mail, or the key of the `auth` message to show. */
export function checkEmail(value: unknown): { email: string; error?: undefined } | { email?: undefined; error: EmailError } {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return { error: 'validation.emailRequired' };
  if (!EMAIL_PATTERN.test(email)) return { error: 'validation.emailInvalid' };
  return { email };
}
