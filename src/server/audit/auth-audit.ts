// Every /api/auth write runs in one transaction shared by Better Auth's adapter and these hooks:
// an event commits with its change, and a call that fails keeps neither.
import { and, eq } from 'drizzle-orm';
import { ambientScratch } from '../db/ambient-transaction.ts';
import type { Database } from '../db/client.ts';
import { member, organization, passkey, session as sessionTable, team, user } from '../db/schema.ts';
import { asksSecondFactor, SECOND_FACTOR_OWNER, TWO_FACTOR_PATHS, type TrustCheck } from '../two-factor.ts';
import { recordDemoRefusal } from './demo-refusal.ts';
import { changedFields, recordAuditEvent, type AuditActor, type AuditEventInput } from './record.ts';

interface CallerSession {
  user: { id: string; name?: string | null; email?: string | null };
  session: { id?: string; impersonatedBy?: string | null };
}

export interface AuthCall extends TrustCheck {
  path: string;
  body?: unknown;
  params?: Record<string, string | undefined>;
  headers?: Headers;
  request?: Request;
  context: TrustCheck['context'] & {
    newSession?: { user: { id: string; name?: string | null; email?: string | null }; session: { impersonatedBy?: string | null } } | null;
    returned?: unknown;
  };
}

type UserRow = Pick<
  typeof user.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'banned' | 'banReason' | 'banExpires' | 'image' | 'onboardedAt' | 'twoFactorEnabled'
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
  twoFactorEnabled: user.twoFactorEnabled,
};

/** Read before the call: a sign-out or a deletion removes the caller. */
const NEEDS_CALLER = new Set([
  '/sign-out',
  '/update-user',
  '/email-otp/change-email',
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
  '/passkey/verify-registration',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
  TWO_FACTOR_PATHS.verifyTotp,
  TWO_FACTOR_PATHS.disable,
  TWO_FACTOR_PATHS.newRecoveryCodes,
  '/oauth2/consent',
]);

const PASSKEY_SIGN_IN = '/passkey/verify-authentication';
/** Read before the call: a rename's old name, a deleted passkey's name. */
const PASSKEY_CHANGES = new Set(['/passkey/update-passkey', '/passkey/delete-passkey']);

const bodyOf = (call: AuthCall): Record<string, unknown> =>
  call.body && typeof call.body === 'object' && !Array.isArray(call.body) ? (call.body as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

async function userRow(db: Database, id: string | undefined): Promise<UserRow | undefined> {
  if (!id) return undefined;
  return (await db.select(USER_COLUMNS).from(user).where(eq(user.id, id)))[0];
}

async function passkeyRow(db: Database, id: string | undefined) {
  if (!id) return undefined;
  const [row] = await db.select({ id: passkey.id, name: passkey.name, userId: passkey.userId }).from(passkey).where(eq(passkey.id, id));
  return row;
}

/** Whose passkey a sign-in presented (its credential id), if it is one we know. */
async function passkeyOwner(db: Database, body: Record<string, unknown>): Promise<UserRow | undefined> {
  const credentialId = text((body.response as Record<string, unknown> | undefined)?.id);
  if (!credentialId) return undefined;
  const [row] = await db.select({ userId: passkey.userId }).from(passkey).where(eq(passkey.credentialID, credentialId));
  return userRow(db, row?.userId);
}

async function userByEmail(db: Database, email: unknown): Promise<UserRow | undefined> {
  if (typeof email !== 'string') return undefined;
  return (await db.select(USER_COLUMNS).from(user).where(eq(user.email, email.trim().toLowerCase())))[0];
}

/** Read before it changes (undefined for calls on oneself). */
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
  if (!scratch || !(NEEDS_CALLER.has(call.path) || ORGANIZATION_WRITES.has(call.path))) return;
  const caller = await callerSession();
  scratch.set('caller', caller);
  if (ORGANIZATION_WRITES.has(call.path)) scratch.set('organization', await organizationBefore(db, call, caller));
  if (PASSKEY_CHANGES.has(call.path)) scratch.set('passkey', await passkeyRow(db, text(bodyOf(call).id)));
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

function refusalCode(returned: unknown): string | undefined {
  if (!(returned instanceof Error)) return undefined;
  const body = (returned as { body?: { code?: unknown } }).body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

function redirectLocation(returned: unknown): string | undefined {
  const headers = (returned as { headers?: Headers } | null)?.headers;
  return headers instanceof Headers ? (headers.get('location') ?? undefined) : undefined;
}

/** `ctx.redirect` is an APIError with status 302, not a refusal. */
const isRedirect = (returned: unknown) => returned instanceof Error && (returned as { statusCode?: number }).statusCode === 302;

const WRONG_CODE = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);
/** The second factor's refusals of a code, and of more tries (src/server/two-factor.ts). */
const WRONG_SECOND_FACTOR = new Set([
  'INVALID_CODE',
  'INVALID_BACKUP_CODE',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'ACCOUNT_TEMPORARILY_LOCKED',
]);

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

  if (path === '/sign-in/email-otp' || path === PASSKEY_SIGN_IN || path.startsWith('/callback/')) {
    const method =
      path === '/sign-in/email-otp'
        ? 'email-otp'
        : path === PASSKEY_SIGN_IN
          ? 'passkey'
          : (call.params?.id ?? path.slice('/callback/'.length));
    const signedIn = context.newSession;
    // A provider's callback ends in a redirect, returned as an error (302): a success when it made a session.
    if (signedIn && (!failed || isRedirect(returned))) {
      return {
        // The two-factor plugin's hook, after this one, replaces that session with the second factor's step.
        action: (await asksSecondFactor(call, signedIn.user)) ? 'auth.second-factor-asked' : 'auth.sign-in',
        actor: { id: signedIn.user.id, name: signedIn.user.name ?? null },
        target: userTarget({ id: signedIn.user.id, email: signedIn.user.email ?? '' }),
        details: { method },
      };
    }
    const code = refusalCode(returned);
    const known = path === PASSKEY_SIGN_IN ? await passkeyOwner(db, body) : await userByEmail(db, body.email);
    const about = known ? userTarget(known) : { type: 'user' as const, id: null, label: text(body.email) ?? null };
    if (code === 'BANNED_USER') return { action: 'auth.sign-in-refused', target: about, details: { method, reason: 'banned' } };
    // A known passkey whose answer did not verify; an unknown one (deleted, or never ours) names nobody.
    if (path === PASSKEY_SIGN_IN)
      return known && code === 'AUTHENTICATION_FAILED'
        ? { action: 'auth.sign-in-refused', target: about, details: { method, reason: 'passkey-not-verified' } }
        : undefined;
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

  if ((path === TWO_FACTOR_PATHS.verifyTotp || path === TWO_FACTOR_PATHS.verifyRecoveryCode) && !caller) {
    const method = path === TWO_FACTOR_PATHS.verifyTotp ? 'totp' : 'recovery-code';
    const signedIn = context.newSession;
    if (signedIn && !failed) {
      return {
        action: 'auth.sign-in',
        actor: { id: signedIn.user.id, name: signedIn.user.name ?? null },
        target: userTarget({ id: signedIn.user.id, email: signedIn.user.email ?? '' }),
        // "Trust this device": the browser skips the step for TRUST_DEVICE_DAYS (src/server/two-factor.ts).
        details: body.trustDevice === true ? { method, trustedDevice: true } : { method },
      };
    }
    const code = refusalCode(returned);
    const owner = await userRow(db, scratch?.get(SECOND_FACTOR_OWNER) as string | undefined);
    if (!code || !WRONG_SECOND_FACTOR.has(code)) return undefined;
    return {
      action: 'auth.wrong-code',
      target: owner ? userTarget(owner) : { type: 'user', id: null, label: null },
      details: { method, code },
    };
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
    case '/email-otp/change-email': {
      if (!target) return undefined;
      const after = await userRow(db, target.id);
      const changes = changedFields(target, after, ['email']);
      return changes && after ? { action: 'user.email_changed', ...acting, target: userTarget(after), changes } : undefined;
    }
    case TWO_FACTOR_PATHS.verifyTotp: {
      // With a session: the set-up's first code, which turns it on.
      const after = await userRow(db, caller.user.id);
      return target && !target.twoFactorEnabled && after?.twoFactorEnabled
        ? { action: 'two-factor.enabled', ...acting, target: userTarget(after) }
        : undefined;
    }
    case TWO_FACTOR_PATHS.disable:
      return target ? { action: 'two-factor.disabled', ...acting, target: userTarget(target) } : undefined;
    case TWO_FACTOR_PATHS.newRecoveryCodes:
      return target ? { action: 'two-factor.recovery-codes-regenerated', ...acting, target: userTarget(target) } : undefined;
    case '/oauth2/consent': {
      // An MCP client allowed on the consent page (src/server/oauth-agents.ts); a refusal connects nothing.
      const clientId = new URLSearchParams(text(body.oauth_query) ?? '').get('client_id');
      if (body.accept !== true || !clientId || !target || failed) return undefined;
      return { action: 'oauth-client.connected', ...acting, target: userTarget(target), details: { clientId } };
    }
    case '/delete-user':
      return target ? { action: 'account.deleted', ...acting, target: userTarget(target) } : undefined;
    case '/passkey/verify-registration': {
      const added = record(returned);
      const id = text(added.id);
      if (!id || !target) return undefined;
      return { action: 'passkey.added', ...acting, target: userTarget(target), details: { passkeyId: id, name: text(added.name) ?? null } };
    }
    case '/passkey/update-passkey': {
      const before = scratch?.get('passkey') as Awaited<ReturnType<typeof passkeyRow>>;
      const after = record(record(returned).passkey);
      if (!before || !target) return undefined;
      const changes = changedFields({ name: before.name }, { name: text(after.name) ?? null }, ['name']);
      return changes
        ? { action: 'passkey.renamed', ...acting, target: userTarget(target), changes, details: { passkeyId: before.id } }
        : undefined;
    }
    case '/passkey/delete-passkey': {
      const before = scratch?.get('passkey') as Awaited<ReturnType<typeof passkeyRow>>;
      if (!before || !target) return undefined;
      return { action: 'passkey.deleted', ...acting, target: userTarget(target), details: { passkeyId: before.id, name: before.name } };
    }
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
      return { action: 'user.role-changed', ...acting, target: userTarget(target), changes: changedFields(target, after, ['role']) };
    }
    case '/admin/ban-user':
    case '/admin/unban-user': {
      if (!target) return undefined;
      const after = await userRow(db, target.id);
      return {
        action: path === '/admin/ban-user' ? 'user.banned' : 'user.unbanned',
        ...acting,
        target: userTarget(target),
        changes: changedFields(target, after, ['banned', 'banReason', 'banExpires']),
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
      return ORGANIZATION_WRITES.has(path)
        ? auditOrganizationCall(db, call, acting, (scratch?.get('organization') as OrganizationBefore | undefined) ?? {})
        : undefined;
  }
}

const ORGANIZATION_WRITES = new Set([
  '/organization/create',
  '/organization/update',
  '/organization/add-member',
  '/organization/delete',
  '/organization/invite-member',
  '/organization/cancel-invitation',
  '/organization/accept-invitation',
  '/organization/reject-invitation',
  '/organization/remove-member',
  '/organization/update-member-role',
  '/organization/leave',
  '/organization/create-team',
  '/organization/update-team',
  '/organization/remove-team',
  '/organization/add-team-member',
  '/organization/remove-team-member',
]);

interface OrganizationBefore {
  organization?: { id: string; name: string; slug: string; logo: string | null };
  member?: { id: string; organizationId: string; role: string; email: string };
  team?: { id: string; name: string; organizationId: string };
  user?: { id: string; email: string };
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

async function organizationRow(db: Database, id: string | undefined) {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, logo: organization.logo })
    .from(organization)
    .where(eq(organization.id, id));
  return row;
}

async function teamRow(db: Database, id: string | undefined) {
  if (!id) return undefined;
  const [row] = await db.select({ id: team.id, name: team.name, organizationId: team.organizationId }).from(team).where(eq(team.id, id));
  return row;
}

const MEMBER_COLUMNS = { id: member.id, organizationId: member.organizationId, role: member.role, email: user.email };

async function organizationBefore(db: Database, call: AuthCall, caller: CallerSession | null): Promise<OrganizationBefore> {
  const body = bodyOf(call);
  const active = text((caller?.session as { activeOrganizationId?: string | null } | undefined)?.activeOrganizationId);
  const orgId = text(body.organizationId) ?? active;
  switch (call.path) {
    case '/organization/update':
    case '/organization/delete':
      return { organization: await organizationRow(db, orgId) };
    case '/organization/update-member-role': {
      const id = text(body.memberId);
      if (!id) return {};
      const [row] = await db.select(MEMBER_COLUMNS).from(member).innerJoin(user, eq(user.id, member.userId)).where(eq(member.id, id));
      return { member: row };
    }
    case '/organization/leave': {
      if (!orgId || !caller) return {};
      const [row] = await db
        .select(MEMBER_COLUMNS)
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, orgId), eq(member.userId, caller.user.id)));
      return { member: row, organization: await organizationRow(db, orgId) };
    }
    case '/organization/update-team':
    case '/organization/remove-team':
      return { team: await teamRow(db, text(body.teamId)) };
    case '/organization/add-team-member':
    case '/organization/remove-team-member': {
      const found = await userRow(db, text(body.userId));
      return { team: await teamRow(db, text(body.teamId)), user: found && { id: found.id, email: found.email } };
    }
    default:
      return {};
  }
}

async function emailOf(db: Database, userId: unknown) {
  if (typeof userId !== 'string') return null;
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

async function auditOrganizationCall(
  db: Database,
  call: AuthCall,
  acting: { actor: AuditActor; impersonatorId: string | null },
  before: OrganizationBefore,
): Promise<AuditEventInput | undefined> {
  const body = bodyOf(call);
  const returned = record(call.context.returned);
  const organizationTarget = (row: { id: string; name: string }) => ({ type: 'organization' as const, id: row.id, label: row.name });
  const teamTarget = (row: { id: string; name: string }) => ({ type: 'team' as const, id: row.id, label: row.name });
  const invitationEvent = (action: AuditEventInput['action'], row: Record<string, unknown>): AuditEventInput | undefined =>
    typeof row.id === 'string'
      ? {
          action,
          ...acting,
          target: { type: 'invitation', id: row.id, label: text(row.email) ?? null },
          details: { organizationId: text(row.organizationId) ?? null, role: text(row.role) ?? null },
        }
      : undefined;

  switch (call.path) {
    case '/organization/create': {
      const id = text(returned.id);
      if (!id) return undefined;
      return {
        action: 'organization.created',
        ...acting,
        target: { type: 'organization', id, label: text(returned.name) ?? null },
        details: { slug: text(returned.slug) ?? null },
      };
    }
    case '/organization/update': {
      if (!before.organization) return undefined;
      const after = await organizationRow(db, before.organization.id);
      const changes = changedFields(before.organization, after, ['name', 'slug', 'logo']);
      if (!changes) return undefined;
      return { action: 'organization.updated', ...acting, target: organizationTarget(after ?? before.organization), changes };
    }
    case '/organization/delete':
      return before.organization
        ? {
            action: 'organization.deleted',
            ...acting,
            target: organizationTarget(before.organization),
            details: { slug: before.organization.slug },
          }
        : undefined;
    case '/organization/add-member': {
      const id = text(returned.id);
      if (!id) return undefined;
      return {
        action: 'member.added',
        ...acting,
        target: { type: 'member', id, label: await emailOf(db, returned.userId) },
        details: { organizationId: text(returned.organizationId) ?? null, role: text(returned.role) ?? null },
      };
    }
    case '/organization/update-member-role': {
      if (!before.member) return undefined;
      const [after] = await db.select({ role: member.role }).from(member).where(eq(member.id, before.member.id));
      const changes = changedFields(before.member, after, ['role']);
      if (!changes) return undefined;
      return {
        action: 'member.updated',
        ...acting,
        target: { type: 'member', id: before.member.id, label: before.member.email },
        changes,
        details: { organizationId: before.member.organizationId },
      };
    }
    case '/organization/remove-member': {
      const removed = record(returned.member);
      const id = text(removed.id);
      if (!id) return undefined;
      return {
        action: 'member.removed',
        ...acting,
        target: { type: 'member', id, label: await emailOf(db, removed.userId) },
        details: { organizationId: text(removed.organizationId) ?? null, role: text(removed.role) ?? null },
      };
    }
    case '/organization/leave':
      return before.member
        ? {
            action: 'member.left',
            ...acting,
            target: { type: 'member', id: before.member.id, label: before.member.email },
            details: {
              organizationId: before.member.organizationId,
              organization: before.organization?.name ?? null,
              role: before.member.role,
            },
          }
        : undefined;
    case '/organization/invite-member':
      return invitationEvent('invitation.created', returned);
    case '/organization/cancel-invitation':
      return invitationEvent('invitation.canceled', returned);
    case '/organization/accept-invitation':
      return invitationEvent('invitation.accepted', record(returned.invitation));
    case '/organization/reject-invitation':
      return invitationEvent('invitation.rejected', record(returned.invitation));
    case '/organization/create-team': {
      const id = text(returned.id);
      if (!id) return undefined;
      return {
        action: 'team.created',
        ...acting,
        target: { type: 'team', id, label: text(returned.name) ?? null },
        details: { organizationId: text(returned.organizationId) ?? null },
      };
    }
    case '/organization/update-team': {
      if (!before.team) return undefined;
      const after = await teamRow(db, before.team.id);
      const changes = changedFields(before.team, after, ['name']);
      if (!changes) return undefined;
      return { action: 'team.updated', ...acting, target: teamTarget(after ?? before.team), changes };
    }
    case '/organization/remove-team':
      return before.team
        ? { action: 'team.deleted', ...acting, target: teamTarget(before.team), details: { organizationId: before.team.organizationId } }
        : undefined;
    case '/organization/add-team-member':
    case '/organization/remove-team-member':
      return before.team
        ? {
            action: call.path === '/organization/add-team-member' ? 'team.member-added' : 'team.member-removed',
            ...acting,
            target: teamTarget(before.team),
            details: { userId: before.user?.id ?? text(body.userId) ?? null, email: before.user?.email ?? null },
          }
        : undefined;
    default:
      return undefined;
  }
}

/** Better Auth's `after` hooks do not see refusals made by our own `before` rules. */
export async function auditAuthRefusal(db: Database, call: AuthCall, error: unknown, callerSession: () => Promise<CallerSession | null>) {
  const code = refusalCode(error);
  const request = call.request ?? call.headers;
  if (code === 'DEMO_MODE') {
    const caller = await callerSession().catch(() => null);
    await recordDemoRefusal(db, { ...(caller ? by(caller) : {}), details: { path: call.path }, request });
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
