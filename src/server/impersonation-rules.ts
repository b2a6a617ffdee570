// What an administrator acting as someone may not do through the auth API, in one list: each would
// outlive the impersonation's hour and its audit trail, in the hands of someone who is not the
// account's owner. A provider identity linked to the account (or one unlinked), a passkey added, a
// second factor set up or turned off, a change of the account's e-mail (the administrator could then
// sign in as the person, and the person's own address would stop working), and deleting the account
// (issue #53 round 3, N4: nothing brings it back), and connecting an MCP client. The product API's one such write, making an API key,
// is refused in its procedure (src/features/api-keys/api-keys.router.ts).
import { APIError } from 'better-auth/api';
import { apiTranslator } from './api-errors.ts';

const SIGN_IN_METHODS = 'YOU_CANNOT_CHANGE_SIGN_IN_METHODS_WHILE_IMPERSONATING';
const PASSKEYS = 'YOU_CANNOT_ADD_A_PASSKEY_WHILE_IMPERSONATING';
const PASSKEY_DELETE = 'YOU_CANNOT_DELETE_A_PASSKEY_WHILE_IMPERSONATING';
const EMAIL = 'YOU_CANNOT_CHANGE_EMAIL_WHILE_IMPERSONATING';
const TWO_FACTOR = 'YOU_CANNOT_CHANGE_TWO_FACTOR_WHILE_IMPERSONATING';
const DELETE = 'YOU_CANNOT_DELETE_THE_ACCOUNT_WHILE_IMPERSONATING';
const CONNECT_APP = 'YOU_CANNOT_CONNECT_AN_APP_WHILE_IMPERSONATING';

/** Path → the refusal's code (its message in `authErrors`). */
const NOT_WHILE_IMPERSONATING: Readonly<Record<string, string>> = {
  '/link-social': SIGN_IN_METHODS,
  '/unlink-account': SIGN_IN_METHODS,
  '/passkey/generate-register-options': PASSKEYS,
  '/passkey/verify-registration': PASSKEYS,
  // A passkey that verified its user is both factors: deleting one is a change of how the person signs in.
  '/passkey/delete-passkey': PASSKEY_DELETE,
  '/email-otp/request-email-change': EMAIL,
  '/email-otp/change-email': EMAIL,
  // A second factor set up by someone else would lock its owner out, or let the administrator back in.
  '/two-factor/enable': TWO_FACTOR,
  '/two-factor/verify-totp': TWO_FACTOR,
  // Its recovery codes would be tried, or spent, by someone else.
  '/two-factor/verify-backup-code': TWO_FACTOR,
  '/two-factor/disable': TWO_FACTOR,
  '/two-factor/generate-backup-codes': TWO_FACTOR,
  '/delete-user': DELETE,
  // An MCP client's token would act as the person for as long as it is refreshed (decision 105): neither allowing
  // one nor an authorization that a consent given earlier would answer with a code.
  '/oauth2/authorize': CONNECT_APP,
  '/oauth2/consent': CONNECT_APP,
};

/** The auth hooks' `before` step. */
export async function refuseWhileImpersonating(
  call: { path: string; request?: Request | undefined },
  caller: () => Promise<{ session: Record<string, unknown> } | null>,
) {
  const code = NOT_WHILE_IMPERSONATING[call.path];
  if (!code || !(await caller())?.session.impersonatedBy) return;
  const t = await apiTranslator(call.request ?? new Request('http://localhost/'));
  throw new APIError('FORBIDDEN', { code, message: t(`authErrors:${code}`) });
}
