// No client needs a session's raw token: its own is in its cookie, and pages end sessions by id.
// One rule for every answer to a client (the auth hooks' `after` step, src/server/auth.ts), whatever
// its endpoint: an endpoint added later cannot forget it. Better Auth puts the token at the top
// (`/sign-in/email-otp`), in `session` (`/get-session`, `/admin/impersonate-user`) and in lists.

/** A `token` anywhere in a JSON answer is a session's: no answer of the auth API carries another kind. */
const TOKEN_KEY = 'token';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Whether `withoutSessionTokens` would change it (answers without one are left exactly as they are). */
export function hasSessionToken(body: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (Array.isArray(body)) return body.some((item) => hasSessionToken(item, depth + 1));
  if (!isPlainObject(body)) return false;
  return Object.entries(body).some(([key, value]) => key === TOKEN_KEY || hasSessionToken(value, depth + 1));
}

export function withoutSessionTokens<T>(body: T, depth = 0): T {
  if (depth > 8) return body;
  if (Array.isArray(body)) return body.map((item: unknown) => withoutSessionTokens(item, depth + 1)) as T;
  if (!isPlainObject(body)) return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== TOKEN_KEY)
      .map(([key, value]) => [key, withoutSessionTokens(value, depth + 1)]),
  ) as T;
}

/** Enough to tell sessions apart, never enough to use one: the manager's session list and the data export show this. */
export const shortToken = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;
