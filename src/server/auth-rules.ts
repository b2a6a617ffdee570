// Better Auth enforces organisation and member counts and owner-only owner changes; these add the
// shared e-mail quota, invitation limits, trimmed names and slugs.
import { APIError } from 'better-auth/api';
import { and, count, eq, gt } from 'drizzle-orm';
import { organizationInputSchema } from '#/lib/organization-input';
import { z } from '#/lib/zod';
import { apiTranslator } from './api-errors.ts';
import type { Database } from './db/client.ts';
import { invitation, member, organization, user } from './db/schema.ts';
import { secondFactorMissing, type Env } from './env.ts';

export const BANNED_MESSAGE = 'You have been banned from this application';

const EMAIL_SENDING: Record<string, (body: Record<string, unknown>) => unknown> = {
  '/email-otp/send-verification-otp': (body) => body.email,
  // The code goes to the new address (or, when it is taken, a notice to its owner).
  '/email-otp/request-email-change': (body) => body.newEmail,
  '/organization/invite-member': (body) => body.email,
};

const asRecord = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const validEmail = (value: unknown): value is string => typeof value === 'string' && z.email().safeParse(value.trim()).success;

export async function beforeEmail(db: Database, input: { path: string; body: unknown; emailQuota: (address: string) => Promise<boolean> }) {
  const addressOf = EMAIL_SENDING[input.path];
  if (!addressOf) return;
  const body = asRecord(input.body);
  const address = addressOf(body);
  // Better Auth's own validation refuses it, with its own message.
  if (!validEmail(address)) return;

  if (input.path === '/email-otp/send-verification-otp') {
    // Verification and password-reset codes belong to flows the product does not offer.
    if (body.type !== 'sign-in') {
      throw new APIError('BAD_REQUEST', { code: 'ONLY_SIGN_IN_CODES', message: 'Only sign-in codes can be requested' });
    }
    const [found] = await db
      .select({ banned: user.banned, banExpires: user.banExpires })
      .from(user)
      .where(eq(user.email, address.trim().toLowerCase()));
    if (found?.banned && (!found.banExpires || found.banExpires.getTime() > Date.now())) {
      throw new APIError('FORBIDDEN', { code: 'BANNED_USER', message: BANNED_MESSAGE });
    }
  }
  if (!(await input.emailQuota(address))) {
    throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
  }
}

type OrgSession = { user: { id: string }; session: { activeOrganizationId?: string | null; impersonatedBy?: string | null } };

const ORGANIZATION_FIELDS = [
  { key: 'slug', code: 'INVALID_SLUG' },
  { key: 'name', code: 'INVALID_ORGANIZATION_NAME' },
] as const;

/** By the form's own schema, trimmed ("  Acme  " is stored as "Acme"). */
async function checkOrganizationFields(fields: Record<string, unknown>, prefix: string, request: Request | undefined) {
  const checked = { ...fields };
  for (const { key, code } of ORGANIZATION_FIELDS) {
    if (!(key in fields)) continue;
    const result = organizationInputSchema.shape[key].safeParse(fields[key]);
    if (result.success) {
      checked[key] = result.data;
      continue;
    }
    const t = await apiTranslator(request ?? new Request('http://localhost/'));
    const issue = result.error.issues[0]?.message ?? '';
    throw new APIError('BAD_REQUEST', {
      code,
      message: t(`authErrors:${code}`),
      fields: { [prefix + key]: t(/^\w+:[\w.]+$/.test(issue) ? issue : 'zod:invalid_input') },
    });
  }
  return checked;
}

/** The inviter's choice (`language` in invite-member's body, which the plugin ignores). */
export const invitationLanguage = new WeakMap<Request, string>();

export async function beforeOrganizationCall(
  db: Database,
  e: Pick<Env, 'organizations'>,
  input: { path: string; body: unknown; query?: unknown; request?: Request; session: () => Promise<OrgSession | null> },
): Promise<Record<string, unknown> | undefined> {
  if (!input.path.startsWith('/organization/')) return;
  if (input.path === '/organization/accept-invitation' || input.path === '/organization/add-member') {
    await lockForNewMember(db, input.path, asRecord(input.body), input.session);
  }
  const session = await input.session();
  if (!session) return; // Better Auth answers 401.
  const body = asRecord(input.body);
  await refuseWithoutSecondFactor(db, input.path, body, asRecord(input.query), session);
  if (input.path === '/organization/create') return checkOrganizationFields(body, '', input.request);
  if (input.path === '/organization/update' && body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
    return { ...body, data: await checkOrganizationFields(asRecord(body.data), 'data.', input.request) };
  }
  if (input.path === '/organization/remove-member') {
    await beforeRemoveMember(db, body, session);
    return;
  }
  if (input.path !== '/organization/invite-member') return;
  if (input.request && typeof body.language === 'string') invitationLanguage.set(input.request, body.language);
  const requested = asRecord(input.body).organizationId;
  const organizationId = typeof requested === 'string' ? requested : session.session.activeOrganizationId;
  if (!organizationId) return; // Better Auth answers ORGANIZATION_NOT_FOUND.
  const hourAgo = new Date(Date.now() - 3_600_000);
  const [sent] = await db
    .select({ n: count() })
    .from(invitation)
    .where(and(eq(invitation.organizationId, organizationId), gt(invitation.createdAt, hourAgo)));
  if ((sent?.n ?? 0) >= e.organizations.invitationsPerHour) {
    throw new APIError('TOO_MANY_REQUESTS', {
      code: 'TOO_MANY_INVITATIONS',
      message: 'Too many invitations from this organisation in the last hour. Please try again later.',
    });
  }
}

/** What a person does with organisations in general, or to join or leave one: not its content. */
const OUTSIDE_AN_ORGANIZATION = new Set([
  '/organization/create',
  '/organization/list',
  '/organization/check-slug',
  '/organization/set-active',
  '/organization/leave',
  '/organization/get-invitation',
  '/organization/accept-invitation',
  '/organization/reject-invitation',
  '/organization/list-user-invitations',
]);

/**
 * The plugin's own endpoints on an organisation whose owners require a second factor refuse a member without one,
 * as the product API does (src/server/organization-scope.ts); an impersonating administrator is not held to it.
 */
async function refuseWithoutSecondFactor(
  db: Database,
  path: string,
  body: Record<string, unknown>,
  query: Record<string, unknown>,
  session: OrgSession,
) {
  if (OUTSIDE_AN_ORGANIZATION.has(path) || session.session.impersonatedBy) return;
  const id = [body.organizationId, query.organizationId].find((v) => typeof v === 'string');
  const slug = [body.organizationSlug, query.organizationSlug].find((v) => typeof v === 'string');
  const which =
    typeof id === 'string'
      ? eq(organization.id, id)
      : typeof slug === 'string'
        ? eq(organization.slug, slug)
        : session.session.activeOrganizationId
          ? eq(organization.id, session.session.activeOrganizationId)
          : undefined;
  if (!which) return; // the plugin's own refusal
  const [row] = await db
    .select({ required: organization.requireTwoFactor, on: user.twoFactorEnabled })
    .from(organization)
    .innerJoin(member, and(eq(member.organizationId, organization.id), eq(member.userId, session.user.id)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(which);
  if (row?.required && !row.on) {
    throw new APIError('FORBIDDEN', {
      code: 'ORGANIZATION_REQUIRES_TWO_FACTOR',
      message: 'This organisation requires two-factor authentication: turn it on on your account page to see its content.',
    });
  }
}

/**
 * AUTH_TWO_FACTOR on the auth API (decision 095): until a person it holds sets a factor up, the administrator's
 * endpoints (users, roles, bans, impersonation) and an organisation's own (inviting, editing, its members) answer
 * 403 TWO_FACTOR_SETUP_REQUIRED, as the product API does; creating, listing, switching and leaving one, and the
 * invitations addressed to them, still answer. An impersonation passed the policy to start.
 */
export async function refuseUntilSecondFactorSetUp(
  e: Env,
  call: { path: string; request?: Request | undefined },
  session: () => Promise<{ user: Record<string, unknown> & { id: string }; session: Record<string, unknown> } | null>,
  roleOf: (user: { id: string; role?: string | null }) => string,
) {
  const held = call.path.startsWith('/admin/') || (call.path.startsWith('/organization/') && !OUTSIDE_AN_ORGANIZATION.has(call.path));
  if (!held || e.auth.twoFactor === 'optional') return;
  const caller = await session();
  if (!caller || caller.session.impersonatedBy) return;
  const role = roleOf(caller.user as { id: string; role?: string | null });
  if (!secondFactorMissing(e, role, caller.user.twoFactorEnabled)) return;
  const t = await apiTranslator(call.request ?? new Request('http://localhost/'));
  throw new APIError('FORBIDDEN', { code: 'TWO_FACTOR_SETUP_REQUIRED', message: t('api:TWO_FACTOR_SETUP_REQUIRED') });
}

/** The plugin counts members then inserts: without this lock simultaneous accepts all count the same members. */
async function lockForNewMember(db: Database, path: string, body: Record<string, unknown>, session: () => Promise<OrgSession | null>) {
  let organizationId: unknown = body.organizationId;
  if (path === '/organization/accept-invitation') {
    if (typeof body.invitationId !== 'string') return;
    const [found] = await db
      .select({ organizationId: invitation.organizationId })
      .from(invitation)
      .where(eq(invitation.id, body.invitationId));
    organizationId = found?.organizationId;
  } else if (typeof organizationId !== 'string') {
    organizationId = (await session())?.session.activeOrganizationId;
  }
  if (typeof organizationId !== 'string') return; // the plugin's own refusal
  await db.select({ id: organization.id }).from(organization).where(eq(organization.id, organizationId)).for('update');
}

/** The plugin answers a plain member with 401, which a client takes for "signed out": 403 here. */
async function beforeRemoveMember(db: Database, body: Record<string, unknown>, session: OrgSession) {
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : session.session.activeOrganizationId;
  if (!organizationId) return;
  const [caller] = await db
    .select({ id: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, session.user.id)));
  if (!caller) return;
  const roles = caller.role.split(',').map((r) => r.trim());
  if (roles.includes('owner') || roles.includes('admin')) return;
  if (body.memberIdOrEmail === caller.id) return;
  throw new APIError('FORBIDDEN', {
    code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
    message: 'You are not allowed to delete this member',
  });
}
