// One reading of "my events" for the account page's security activity and the person's data export.
import { and, eq, or } from 'drizzle-orm';
import { auditEvent } from '../db/schema.ts';

/** What one did, and what was done to one's account (an impersonation, a ban). */
export const ownEvents = (userId: string) =>
  or(eq(auditEvent.actorId, userId), and(eq(auditEvent.targetType, 'user'), eq(auditEvent.targetId, userId)));

type Whereabouts = { actorId: string | null; impersonatorId: string | null; ipAddress: string | null; userAgent: string | null };

/** Not where from, unless it was oneself: an administrator's address and browser are staff details. */
export const asSeenByOwner = <T extends Whereabouts>(event: T, userId: string): T =>
  event.actorId === userId && !event.impersonatorId ? event : { ...event, ipAddress: null, userAgent: null };
