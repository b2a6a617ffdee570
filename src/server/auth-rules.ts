/**
 * Our rules on top of Better Auth's own, run from its `before` hook (src/server/auth.ts):
 * - e-mail: only sign-in codes are sent, never to a banned account, and every e-mail-sending
 *   endpoint shares the per-address quota (email-quota.ts, decision 008);
 * - organisations: invitations per organisation per hour (ORG_INVITATIONS_PER_HOUR); Better Auth
 *   itself enforces the number of organisations per user and of members per organisation, and
 *   that only an owner may invite or promote an owner;
 */
import { APIError } from 'better-auth/api';
import { and, count, eq, gt } from 'drizzle-orm';
import { z } from '#/lib/zod';
import type { Database } from './db/client.ts';
import { invitation, user } from './db/schema.ts';
import type { Env } from './env.ts';

export const BANNED_MESSAGE = 'You have been banned from this application';

/** The endpoints that send an e-mail, and the address each one sends it to. */
const EMAIL_SENDING: Record<string, (body: Record<string, unknown>) => unknown> = {
  '/email-otp/send-verification-otp': (body) => body.email,
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
  // An invalid address is refused by Better Auth's own validation, with its own message.
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

export async function beforeOrganizationCall(
  db: Database,
  e: Pick<Env, 'organizations'>,
  input: { path: string; body: unknown; session: () => Promise<{ session: { activeOrganizationId?: string | null } } | null> },
) {
  if (input.path !== '/organization/invite-member') return;
  const session = await input.session();
  if (!session) return; // Better Auth answers 401.
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
