// The active organisation is kept across sign-ins (issue #54): a new session starts in the one the
// person last had active, if they are still a member, or in their only organisation. Better Auth keeps
// it on the session row only, and a sign-out deletes that row, so the last choice is kept on the user.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { member, user } from './db/schema.ts';

export async function organizationToRestore(db: Database, userId: string): Promise<string | null> {
  const [memberships, [person]] = await Promise.all([
    db.select({ organizationId: member.organizationId }).from(member).where(eq(member.userId, userId)),
    db.select({ last: user.lastActiveOrganizationId }).from(user).where(eq(user.id, userId)),
  ]);
  const ids = memberships.map((m) => m.organizationId);
  if (person?.last && ids.includes(person.last)) return person.last;
  return ids.length === 1 ? ids[0]! : null;
}

/**
 * After any change to a session (set-active, a new organisation, leaving one, the daily refresh): the
 * user's row is written only when the choice differs. An administrator acting as someone leaves theirs as it is.
 */
export async function rememberActiveOrganization(
  db: Database,
  session: { userId: string; activeOrganizationId?: string | null; impersonatedBy?: string | null },
) {
  if (session.activeOrganizationId === undefined || session.impersonatedBy) return;
  const chosen = session.activeOrganizationId;
  await db
    .update(user)
    .set({ lastActiveOrganizationId: chosen })
    .where(and(eq(user.id, session.userId), sql`${user.lastActiveOrganizationId} is distinct from ${chosen}`));
}
