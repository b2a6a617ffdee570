// Sensitive actions ask for a recent sign-in (docs/decisions/102-a-recent-sign-in-for-sensitive-actions.md): a
// session signed in more than ten minutes ago is answered the spec's SESSION_EXPIRED, and the interface has the
// person confirm it is them in place (src/features/auth/reauthenticate-dialog.tsx) before it runs the action again.
// The clock is the session's own `createdAt`, as Better Auth's `freshAge` reads it: confirming makes a new session
// in this browser (src/server/reauthentication.ts), so its own checks and these agree.
import { APIError } from 'better-auth/api';
import { RECENT_SIGN_IN_SECONDS } from '#/lib/reauthentication-events';
import { apiTranslator } from './api-errors.ts';

export { RECENT_SIGN_IN_SECONDS };

/** The auth endpoints of sensitive actions: each asks for a recent sign-in before anything else. */
const RECENT_SIGN_IN_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/delete-user',
  // A change of e-mail: asked when the code to the new address is requested.
  '/email-otp/request-email-change',
  '/link-social',
  '/unlink-account',
  '/passkey/generate-register-options',
  '/passkey/delete-passkey',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  // An organisation's owner deleting it: nothing brings its rows back.
  '/organization/delete',
]);

/**
 * Asked on some calls only: allowing an MCP client to act as the person makes a credential, as creating an API key
 * does (decision 105); denying one never asks.
 */
const RECENT_SIGN_IN_WHEN: Readonly<Record<string, (body: unknown) => boolean>> = {
  '/oauth2/consent': (body) => (body as { accept?: unknown } | null | undefined)?.accept === true,
};

export const signedInRecently = (createdAt: Date | string, now = Date.now()) =>
  now - new Date(createdAt).getTime() < RECENT_SIGN_IN_SECONDS * 1000;

/** The auth hooks' `before` step: a sensitive action of a session signed in too long ago. */
export async function refuseStaleSession(
  call: { path: string; request?: Request | undefined; body?: unknown },
  caller: () => Promise<{ session: { createdAt: Date | string; impersonatedBy?: string | null } } | null>,
) {
  if (!RECENT_SIGN_IN_AUTH_PATHS.has(call.path) && !RECENT_SIGN_IN_WHEN[call.path]?.(call.body)) return;
  const session = await caller();
  if (!session || signedInRecently(session.session.createdAt)) return;
  const t = await apiTranslator(call.request ?? new Request('http://localhost/'));
  throw new APIError('FORBIDDEN', { code: 'SESSION_EXPIRED', message: t('authErrors:SESSION_EXPIRED') });
}
