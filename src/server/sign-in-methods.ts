// The ways into an account (docs/decisions/068-linked-sign-in-methods.md): a code to its address,
// each provider identity linked to it (Better Auth's `account` rows; e-mail codes have none), and
// its passkeys. The account page's list and the unlink refusal both read `canUnlink`, so they agree.
import { APIError } from 'better-auth/api';
import { asc, count, eq } from 'drizzle-orm';
import { apiTranslator } from './api-errors.ts';
import type { Database } from './db/client.ts';
import { account, passkey, user } from './db/schema.ts';
import type { Env } from './env.ts';

const LINK_PATH = '/link-social';
const UNLINK_PATH = '/unlink-account';

/** The providers this server signs in with, in the login page's order (their ids are Better Auth's). */
function configuredProviders(e: Pick<Env, 'auth'>): Array<{ id: string; name: string }> {
  return [...(e.auth.github ? [{ id: 'github', name: 'GitHub' }] : []), ...(e.auth.oidc ? [{ id: 'oidc', name: e.auth.oidc.name }] : [])];
}

/**
 * Whether one provider identity may go: something else must still sign in. The e-mail code counts
 * once its address is verified: by a code, or by the provider that created the account (only a
 * verified address creates one). An address an administrator set is unverified until a code to it
 * is used, so until then the identities and passkeys are the only proven ways in.
 */
const canUnlink = (ways: { identities: number; passkeys: number; emailVerified: boolean }) =>
  ways.emailVerified || ways.passkeys > 0 || ways.identities > 1;

async function passkeyCount(db: Database, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkey).where(eq(passkey.userId, userId));
  return row?.n ?? 0;
}

export interface SignInMethods {
  email: string;
  emailVerified: boolean;
  providers: Array<{ id: string; name: string; linked: { accountId: string; linkedAt: Date } | null; canUnlink: boolean }>;
}

/** Every configured provider, linked or not, and any identity linked through one configured before. */
export async function signInMethodsOf(db: Database, userId: string, e: Pick<Env, 'auth'>): Promise<SignInMethods | undefined> {
  const [me] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!me) return undefined;
  const rows = await db
    .select({ id: account.id, providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.createdAt));
  const configured = configuredProviders(e);
  const unconfigured = [...new Set(rows.map((row) => row.providerId))]
    .filter((id) => !configured.some((p) => p.id === id))
    .map((id) => ({ id, name: id === 'github' ? 'GitHub' : id }));
  const unlinkable = canUnlink({ identities: rows.length, passkeys: await passkeyCount(db, userId), emailVerified: me.emailVerified });
  return {
    email: me.email,
    emailVerified: me.emailVerified,
    providers: [...configured, ...unconfigured].map((provider) => {
      const row = rows.find((r) => r.providerId === provider.id);
      return {
        ...provider,
        linked: row ? { accountId: row.id, linkedAt: row.createdAt } : null,
        canUnlink: Boolean(row) && unlinkable,
      };
    }),
  };
}

interface Caller {
  user: { id: string };
}

/**
 * The auth hooks' `before` step, after the impersonation rules (src/server/impersonation-rules.ts).
 * The unlink rule locks the user's row: two unlinks at once would each count the other's identity.
 */
export async function beforeSignInMethodChange(
  db: Database,
  call: { path: string; body?: unknown; request?: Request | undefined },
  session: () => Promise<Caller | null>,
) {
  const { path, body, request } = call;
  if (path !== LINK_PATH && path !== UNLINK_PATH) return;
  const caller = await session();
  if (!caller) return; // Better Auth answers 401.
  // An administrator acting as someone was refused before (src/server/impersonation-rules.ts).
  if (path !== UNLINK_PATH) return;
  const accountId = (body as { accountId?: unknown } | null)?.accountId;
  const [me] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, caller.user.id)).for('update');
  const rows = await db.select({ id: account.id }).from(account).where(eq(account.userId, caller.user.id));
  // Someone else's or no row: Better Auth answers ACCOUNT_NOT_FOUND.
  if (!me || !rows.some((row) => row.id === accountId)) return;
  const ways = { identities: rows.length, passkeys: await passkeyCount(db, caller.user.id), emailVerified: me.emailVerified };
  if (!canUnlink(ways)) {
    const t = await apiTranslator(request ?? new Request('http://localhost/'));
    throw new APIError('BAD_REQUEST', { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: t('authErrors:FAILED_TO_UNLINK_LAST_ACCOUNT') });
  }
}
