/**
 * The auth API's audit events (decision 036), from Better Auth's hooks (src/server/auth.ts). Every
 * write to /api/auth runs in one transaction (src/server/auth-handler.ts) that Better Auth's
 * adapter and these hooks share (`ambient`, src/server/db/ambient-transaction.ts): an event is
 * committed with its change, and a call that fails (5xx) keeps neither.
 *
 * `auditBeforeAuthCall` keeps what the change will overwrite (the caller's session, the target's
 * row); `auditAfterAuthCall` records the outcome; `auditAuthRefusal` records a refusal our own
 * `before` rules made (demo mode, a banned address asking for a code).
 */
import { eq } from 'drizzle-orm';
import { ambientScratch } from '../db/ambient-transaction.ts';
import type { Database } from '../db/client.ts';
import { session as sessionTable, user } from '../db/schema.ts';
import { changedFields, recordAuditEvent, type AuditActor, type AuditEventInput } from './record.ts';

interface CallerSession {
  user: { id: string; name?: string | null; email?: string | null };
  session: { id?: string; impersonatedBy?: string | null };
}

/** The parts of Better Auth's hook context read here. */
export interface AuthCall {
  path: string;
  body?: unknown;
  params?: Record<string, string | undefined>;
  headers?: Headers;
  request?: Request;
  context: {
    newSession?: { user: { id: string; name?: string | null; email?: string | null }; session: { impersonatedBy?: string | null } } | null;
    returned?: unknown;
  };
}

type UserRow = Pick<
  typeof user.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'banned' | 'banReason' | 'banExpires' | 'image' | 'onboardedAt'
>;

const USER_COLUMNS = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  image: user.image,
  onboardedAt: user.onboardedAt,
};

/** The calls whose caller is needed (read before the call: a sign-out or a deletion removes it). */
const NEEDS_CALLER = new Set([
  '/sign-out',
  '/update-user',
  '/delete-user',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/admin/set-role',
  '/admin/ban-user',
  '/admin/unban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/remove-user',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
]);

const bodyOf = (call: AuthCall): Record<string, unknown> =>
  call.body && typeof call.body === 'object' && !Array.isArray(call.body) ? (call.body as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

async function userRow(db: Database, id: string | undefined): Promise<UserRow | undefined> {
  if (!id) return undefined;
  return (await db.select(USER_COLUMNS).from(user).where(eq(user.id, id)))[0];
}

async function userByEmail(db: Database, email: unknown): Promise<UserRow | undefined> {
  if (typeof email !== 'string') return undefined;
  return (await db.select(USER_COLUMNS).from(user).where(eq(user.email, email.trim().toLowerCase())))[0];
}

/** The user a call acts on, read before it changes (undefined for calls on oneself). */
async function targetBefore(db: Database, call: AuthCall, caller: CallerSession | null) {
  const body = bodyOf(call);
  if (call.path === '/admin/revoke-user-session') {
    const token = text(body.sessionToken);
    if (!token) return undefined;
    const [row] = await db.select({ userId: sessionTable.userId }).from(sessionTable).where(eq(sessionTable.token, token));
    return userRow(db, row?.userId);
  }
  if (call.path.startsWith('/admin/') && call.path !== '/admin/stop-impersonating') return userRow(db, text(body.userId));
  return userRow(db, caller?.user.id);
}

export async function auditBeforeAuthCall(db: Database, call: AuthCall, callerSession: () => Promise<CallerSession | null>) {
  const scratch = ambientScratch();
  if (!scratch || !NEEDS_CALLER.has(call.path)) return;
  const caller = await callerSession();
  scratch.set('caller', caller);
  scratch.set('target', await targetBefore(db, call, caller));
  if (call.path === '/sign-out' && caller) {
    // Recorded now: the session (who signed out) is gone afterwards. A failed sign-out rolls it back.
    await recordAuditEvent(db, {
      action: 'auth.sign-out',
      ...by(caller),
      target: { type: 'user', id: caller.user.id, label: caller.user.email ?? null },
      request: call.request ?? call.headers,
    });
  }
}

const by = (caller: CallerSession): { actor: AuditActor; impersonatorId: string | null } => ({
  actor: { id: caller.user.id, name: caller.user.name ?? null },
  impersonatorId: caller.session.impersonatedBy ?? null,
});

const userTarget = (row: Pick<UserRow, 'id' | 'email'>) => ({ type: 'user' as const, id: row.id, label: row.email });

/** The error code of a refusal Better Auth returned (an APIError's body), if any. */
function refusalCode(returned: unknown): string | undefined {
  if (!(returned instanceof Error)) return undefined;
  const body = (returned as { body?: { code?: unknown } }).body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Where a redirect sends the browser (the social sign-in's callback ends with one). */
function redirectLocation(returned: unknown): string | undefined {
  const headers = (returned as { headers?: Headers } | null)?.headers;
  return headers instanceof Headers ? (headers.get('location') ?? undefined) : undefined;
}

const WRONG_CODE = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

export async function auditAfterAuthCall(db: Database, call: AuthCall, options: { signupDisabled: boolean }) {
  const event = await eventAfter(db, call, options);
  if (event) await recordAuditEvent(db, { request: call.request ?? call.headers, ...event });
}

async function eventAfter(db: Database, call: AuthCall, options: { signupDisabled: boolean }): Promise<AuditEventInput | undefined> {
  const { path, context } = call;
  const returned = context.returned;
  const failed = returned instanceof Error;
  const scratch = ambientScratch();
  const caller = (scratch?.get('caller') as CallerSession | null | undefined) ?? null;
  const target = scratch?.get('target') as UserRow | undefined;
  const body = bodyOf(call);

  if (path === '/sign-in/email-otp' || path.startsWith('/callback/')) {
    const method = path === '/sign-in/email-otp' ? 'email-otp' : (call.params?.id ?? path.slice('/callback/'.length));
    const signedIn = context.newSession;
    if (signedIn && !failed) {
      return {
        action: 'auth.sign-in',
        actor: { id: signedIn.user.id, name: signedIn.user.name ?? null },
        target: userTarget({ id: signedIn.user.id, email: signedIn.user.email ?? '' }),
        details: { method },
      };
    }
    const code = refusalCode(returned);
    const known = await userByEmail(db, body.email);
    const about = known ? userTarget(known) : { type: 'user' as const, id: null, label: text(body.email) ?? null };
    if (code === 'BANNED_USER') return { action: 'auth.sign-in-refused', target: about, details: { method, reason: 'banned' } };
    if (code && WRONG_CODE.has(code)) {
      // With sign-up off, a new address gets INVALID_OTP whatever it types: that is the refusal.
      if (!known && options.signupDisabled)
        return { action: 'auth.sign-in-refused', target: about, details: { method, reason: 'signup-disabled' } };
      return { action: 'auth.wrong-code', target: about, details: { method, code } };
    }
    const reason = /[?&]error=([a-z_]+)/i.exec(redirectLocation(returned) ?? '')?.[1];
    if (reason) return { action: 'auth.sign-in-refused', target: about, details: { method, reason } };
    return undefined;
  }

  if (failed) return undefined;

  if (path === '/email-otp/send-verification-otp') {
    const known = await userByEmail(db, body.email);
    return {
      action: 'auth.code-requested',
      target: known ? userTarget(known) : { type: 'user', id: null, label: text(body.email)?.trim().toLowerCase() ?? null },
    };
  }

  if (!caller) return undefined;
  const acting = by(caller);

  switch (path) {
    case '/update-user': {
      if (!target) return undefined;
      const after = await userRow(db, target.id);
      if (!after) return undefined;
      const changes = changedFields(target, after, ['name', 'image', 'onboardedAt']);
      if (!changes) return undefined;
      const action = !target.onboardedAt && after.onboardedAt ? 'account.onboarded' : 'account.updated';
      return { action, ...acting, target: userTarget(after), changes };
    }
    case '/delete-user':
      return target ? { action: 'account.deleted', ...acting, target: userTarget(target) } : undefined;
    case '/revoke-session':
    case '/revoke-sessions':
    case '/revoke-other-sessions': {
      const scope = path === '/revoke-session' ? 'one' : path === '/revoke-sessions' ? 'all' : 'others';
      return { action: 'session.revoked', ...acting, target: target ? userTarget(target) : null, details: { scope } };
    }
    case '/admin/revoke-user-session':
    case '/admin/revoke-user-sessions':
      return target
        ? {
            action: 'session.revoked',
            ...acting,
            target: userTarget(target),
            details: { scope: path.endsWith('sessions') ? 'all' : 'one' },
          }
        : undefined;
    case '/admin/set-role': {
      if (!target) return undefined;
      const after = await userRow(db, target.id);
      return { action: 'user.role-changed', ...acting, target: userTarget(target), changes: changedFields(target, after ?? {}, ['role']) };
    }
    case '/admin/ban-user':
    case '/admin/unban-user': {
      if (!target) return undefined;
      const after = await userRow(db, target.id);
      return {
        action: path === '/admin/ban-user' ? 'user.banned' : 'user.unbanned',
        ...acting,
        target: userTarget(target),
        changes: changedFields(target, after ?? {}, ['banned', 'banReason', 'banExpires']),
      };
    }
    case '/admin/remove-user':
      return target ? { action: 'user.deleted', ...acting, target: userTarget(target) } : undefined;
    case '/admin/impersonate-user':
      return target ? { action: 'impersonation.started', ...acting, target: userTarget(target) } : undefined;
    case '/admin/stop-impersonating': {
      // The caller's session is the impersonation: the admin stops acting as its user.
      const adminId = caller.session.impersonatedBy;
      if (!adminId) return undefined;
      const self = await userRow(db, caller.user.id);
      return {
        action: 'impersonation.stopped',
        actor: { id: adminId },
        target: self ? userTarget(self) : { type: 'user', id: caller.user.id, label: caller.user.email ?? null },
      };
    }
    default:
      return auditOrganizationCall(call, acting);
  }
}

/**
 * HOOK POINT for the organisation layer (organisations, members, invitations, teams): map a
 * successful `/organization/*` call to its event here (actions `organization.*`, `member.*`,
 * `invitation.*`, `team.*` in src/lib/audit-actions.ts). It runs in the call's transaction like
 * every other auth event; product-API procedures record theirs with `recordAuditEvent` directly.
 */
export function auditOrganizationCall(
  call: AuthCall,
  acting: { actor: AuditActor; impersonatorId: string | null },
): AuditEventInput | undefined {
  void call;
  void acting;
  return undefined;
}

/** A refusal made by our own `before` rules (Better Auth's `after` hooks do not see those). */
export async function auditAuthRefusal(db: Database, call: AuthCall, error: unknown, callerSession: () => Promise<CallerSession | null>) {
  const code = refusalCode(error);
  const request = call.request ?? call.headers;
  if (code === 'DEMO_MODE') {
    const caller = await callerSession().catch(() => null);
    await recordAuditEvent(db, { action: 'demo.refused', ...(caller ? by(caller) : {}), details: { path: call.path }, request });
  } else if (code === 'BANNED_USER' && call.path === '/email-otp/send-verification-otp') {
    const known = await userByEmail(db, bodyOf(call).email);
    if (known)
      await recordAuditEvent(db, {
        action: 'auth.sign-in-refused',
        target: userTarget(known),
        details: { method: 'email-otp', reason: 'banned' },
        request,
      });
  }
}
