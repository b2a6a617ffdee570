// Confirming it is you before a sensitive action (docs/decisions/102-a-recent-sign-in-for-sensitive-actions.md):
// a new session in this browser, whichever way. An e-mail code or a passkey signs in again through Better Auth,
// and the browser's earlier session of the same person is then removed; an authenticator code given with a
// session (the two-factor plugin's `verify-totp` answers it without a new one) is followed by a new session here.
// Five wrong codes in a row (authenticator or recovery) end the session: a stolen cookie does not get to guess on.
// Each try is counted before it is checked, under a lock of the session's row, so simultaneous tries count too.
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { session as sessionTable, verification } from './db/schema.ts';
import { asksSecondFactor, TWO_FACTOR_PATHS } from './two-factor.ts';

const WRONG_CODES_ALLOWED = 5;
const attemptsOf = (sessionId: string) => `reauthenticate-attempts-${sessionId}`;

/** The sign-ins that can confirm a person: each makes a new session. */
const SIGN_INS = new Set(['/sign-in/email-otp', '/passkey/verify-authentication']);

type Session = { session: { id: string; token: string; impersonatedBy?: string | null } & Record<string, unknown>; user: { id: string } };

/** What the hooks are given (Better Auth's endpoint context), as far as these steps read it. */
interface HookCall {
  path: string;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret: string;
    returned?: unknown;
    newSession?: unknown;
    authCookies: { sessionToken: { name: string } };
    internalAdapter: {
      createSession: (userId: string, dontRememberMe?: boolean, override?: Record<string, unknown>) => Promise<unknown>;
      deleteSession: (token: string) => Promise<void>;
      findSession: (token: string) => Promise<{ session: { userId: string } } | null>;
      findVerificationValue: (identifier: string) => Promise<{ value: string } | null>;
      createVerificationValue: (data: { identifier: string; value: string; expiresAt: Date }) => Promise<unknown>;
      deleteVerificationByIdentifier: (identifier: string) => Promise<void>;
    };
  };
}

// Better Auth's hook context is wider than what these steps read; typed here as far as they go.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's own context type is not exported
const session = (call: HookCall) => getSessionFromCtx(call as any) as Promise<Session | null>;

/** A code given with a session (not the sign-in's step, not the set-up's first code). */
async function confirming(call: HookCall): Promise<Session | null> {
  if (call.path !== TWO_FACTOR_PATHS.verifyTotp && call.path !== TWO_FACTOR_PATHS.verifyRecoveryCode) return null;
  const current = await session(call);
  if (!current || current.session.impersonatedBy) return null;
  return (current.user as { twoFactorEnabled?: unknown }).twoFactorEnabled === true ? current : null;
}

/** The auth hooks' `before` step: the try is counted; past the wrong codes allowed, the session ends. */
export async function beforeReauthentication(db: Database, call: HookCall) {
  const current = await confirming(call);
  if (!current) return;
  // In the request's transaction (src/server/auth-handler.ts): the next try of this session waits for this one.
  const [locked] = await db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.id, current.session.id)).for('update');
  // Ended by the try before this one, while this one waited.
  if (!locked) throw new APIError('UNAUTHORIZED', { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' });
  const identifier = attemptsOf(current.session.id);
  const [row] = await db.select({ value: verification.value }).from(verification).where(eq(verification.identifier, identifier));
  const attempts = Number(row?.value ?? 0);
  if (attempts >= WRONG_CODES_ALLOWED) {
    await db.delete(verification).where(eq(verification.identifier, identifier));
    await call.context.internalAdapter.deleteSession(current.session.token);
    throw new APIError('UNAUTHORIZED', { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' });
  }
  if (row)
    await db
      .update(verification)
      .set({ value: String(attempts + 1) })
      .where(eq(verification.identifier, identifier));
  else {
    await db
      .insert(verification)
      .values({ id: crypto.randomUUID(), identifier, value: '1', expiresAt: new Date(Date.now() + 24 * 3600 * 1000) });
  }
}

/** The auth hooks' `after` step. */
export async function afterReauthentication(call: HookCall) {
  const returned = call.context.returned;
  // A call that made a session (the sign-in's step, the set-up's first code) confirmed no one's session.
  const current = call.context.newSession ? null : await confirming(call);
  if (current) {
    const { internalAdapter } = call.context;
    // A wrong code stays counted; a right one starts the count again.
    if (returned instanceof Error) return;
    await internalAdapter.deleteVerificationByIdentifier(attemptsOf(current.session.id));
    // A recovery code confirms nothing: the page never asks for one here, and the session stays as old as it was.
    if (call.path !== TWO_FACTOR_PATHS.verifyTotp) return;
    // The plugin's own answer names the session it kept.
    if ((returned as { token?: unknown } | undefined)?.token !== current.session.token) return;
    // The same session, signed in now: its organisation, its device, a new token.
    const renewed = await internalAdapter.createSession(current.user.id, false, current.session);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    await setSessionCookie(call as any, { session: renewed as never, user: current.user as never });
    await internalAdapter.deleteSession(current.session.token);
    return;
  }
  // Signed in again in a browser that held a session of the same person: that one gives way.
  const started = call.context.newSession as { user: { id: string }; session: { token: string } } | null | undefined;
  if (!SIGN_INS.has(call.path) || !started || returned instanceof Error) return;
  // Not when the sign-in stops at the second factor's step: its session is not made yet, and a step left
  // unfinished must not have signed the browser out.
  // (The plugin's hook, which makes the step, runs after this one: its own test decides.)
  if (await asksSecondFactor(call as unknown as Parameters<typeof asksSecondFactor>[0], started.user)) return;
  const earlier = await call.getSignedCookie(call.context.authCookies.sessionToken.name, call.context.secret);
  if (!earlier || earlier === started.session.token) return;
  const row = await call.context.internalAdapter.findSession(earlier);
  if (row?.session.userId === started.user.id) await call.context.internalAdapter.deleteSession(earlier);
}
