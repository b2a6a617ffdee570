/**
 * The one way an audit event is written (decision 036). Call it with the database handle that
 * makes the change — the transaction, when there is one — so that the event and the change commit
 * or roll back together. Never give it a secret or a code: `changes` and `details` are shown to
 * administrators and exported.
 */
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '#/lib/audit-actions';
import type { Database } from '../db/client.ts';
import { auditEvent, user } from '../db/schema.ts';
import { env } from '../env.ts';
import { createClientAddress } from '../http/client-address.ts';
import { CLIENT_IP_HEADER } from '../http/pipeline.ts';

export interface AuditActor {
  id: string;
  /** The name at the time; read from the user row when not given. */
  name?: string | null;
}

interface AuditTarget {
  type: AuditTargetType;
  id: string | null;
  /** What a reader recognises it by (a title, a name or an e-mail), as it was at the time. */
  label?: string | null;
}

type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEventInput {
  action: AuditAction;
  actor?: AuditActor | null;
  /** The administrator acting as `actor` (an impersonation), by user id. */
  impersonatorId?: string | null;
  target?: AuditTarget | null;
  changes?: AuditChanges | null;
  details?: Record<string, unknown> | null;
  /** Where the client address and user agent are read from. */
  request?: Request | Headers | null;
}

let clientAddress: ReturnType<typeof createClientAddress> | undefined;

/**
 * The client's address by the client-address rule (decision 029): the pipeline's header when it
 * set one (auth API calls, requests with a body), else the rule applied to the request.
 */
export function clientAddressOf(request: Request | Headers | null | undefined): string | null {
  if (!request) return null;
  const headers = request instanceof Headers ? request : request.headers;
  const set = headers.get(CLIENT_IP_HEADER);
  if (set) return set;
  if (request instanceof Headers) return null;
  clientAddress ??= createClientAddress(env().trustedProxies);
  return clientAddress(request) ?? null;
}

/** The fields whose value differs, as `{ before, after }`; null when none does. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]) {
  const changes: AuditChanges = {};
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  for (const field of fields) {
    if (!(field in after)) continue;
    const [b, a] = [plain(before[field]), plain(after[field])];
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[field] = { before: b, after: a };
  }
  return Object.keys(changes).length ? changes : null;
}

/** The person's name as it is now, or their e-mail while they have none (before onboarding). */
const nameOf = (id: string) => sql`(select coalesce(nullif(${user.name}, ''), ${user.email}) from ${user} where ${user.id} = ${id})`;

/** Writes one event with `db` (the change's transaction). */
export async function recordAuditEvent(db: Database, event: AuditEventInput): Promise<void> {
  const headers = event.request instanceof Headers ? event.request : event.request?.headers;
  const actor = event.actor ?? null;
  await db.insert(auditEvent).values({
    action: event.action,
    actorId: actor?.id ?? null,
    actorName: actor ? actor.name || nameOf(actor.id) : null,
    impersonatorId: event.impersonatorId ?? null,
    impersonatorName: event.impersonatorId ? nameOf(event.impersonatorId) : null,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label ?? null,
    ipAddress: clientAddressOf(event.request),
    userAgent: headers?.get('user-agent')?.slice(0, 512) ?? null,
    changes: event.changes ?? null,
    details: event.details ?? null,
  });
}

/** Who acts in a product-API call: its context's user, the impersonating admin, the request. */
export const actingIn = (context: {
  user: { id: string; name: string } | null;
  impersonatorId: string | null;
  request: Request;
}): Pick<AuditEventInput, 'actor' | 'impersonatorId' | 'request'> => ({
  actor: context.user ? { id: context.user.id, name: context.user.name } : null,
  impersonatorId: context.impersonatorId,
  request: context.request,
});
