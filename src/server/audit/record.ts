// Pass the handle that makes the change (the transaction), so event and change commit together.
// Never a secret or a code: `changes` and `details` are shown to administrators and exported.
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '#/lib/audit-actions';
import type { Database } from '../db/client.ts';
import { auditEvent, user } from '../db/schema.ts';
import { env } from '../env.ts';
import { createClientAddress } from '../http/client-address.ts';
import { CLIENT_IP_HEADER } from '../http/pipeline.ts';
import { emitWebhooks } from '../webhooks/emit.ts';

export interface AuditActor {
  id: string;
  /** Read from the user row when not given. */
  name?: string | null;
}

interface AuditTarget {
  type: AuditTargetType;
  id: string | null;
  /** As it was at the time. */
  label?: string | null;
}

type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEventInput {
  action: AuditAction;
  actor?: AuditActor | null;
  /** The administrator impersonating `actor`. */
  impersonatorId?: string | null;
  target?: AuditTarget | null;
  changes?: AuditChanges | null;
  details?: Record<string, unknown> | null;
  request?: Request | Headers | null;
  /**
   * The API key `actor` acted through (its id and name, never its secret): kept in `details.apiKey`; `via: 'mcp'`
   * when an agent called through /api/mcp, kept as `details.via`.
   */
  apiKey?: ActingKey | null;
}

type ActingKey = { id: string; name: string; via?: 'mcp' };

function withKey(details: Record<string, unknown> | null | undefined, apiKey: ActingKey | null | undefined) {
  if (!apiKey) return details ?? null;
  const { via, ...key } = apiKey;
  return { ...details, apiKey: key, ...(via && { via }) };
}

let clientAddress: ReturnType<typeof createClientAddress> | undefined;

/** The pipeline's header when it set one (auth API calls, requests with a body), else the client-address rule. */
export function clientAddressOf(request: Request | Headers | null | undefined): string | null {
  if (!request) return null;
  const headers = request instanceof Headers ? request : request.headers;
  const set = headers.get(CLIENT_IP_HEADER);
  if (set) return set;
  if (request instanceof Headers) return null;
  clientAddress ??= createClientAddress(env().trustedProxies);
  return clientAddress(request) ?? null;
}

/** What changed in `fields` (keys of both rows, so a renamed field is a type error). */
export function changedFields<B extends object, T extends object>(
  before: B,
  after: T | null | undefined,
  fields: ReadonlyArray<keyof B & keyof T & string>,
) {
  if (!after) return null;
  const changes: AuditChanges = {};
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  for (const field of fields) {
    if (!(field in after)) continue;
    const [b, a] = [plain(before[field]), plain(after[field])];
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[field] = { before: b, after: a };
  }
  return Object.keys(changes).length ? changes : null;
}

/** Their e-mail while they have no name (before onboarding). */
const nameOf = (id: string) => sql`(select coalesce(nullif(${user.name}, ''), ${user.email}) from ${user} where ${user.id} = ${id})`;

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
    details: withKey(event.details, event.apiKey),
  });
  // Endpoints that subscribe to it get it, through the same handle: committed with the change, or not at all.
  await emitWebhooks(db, {
    action: event.action,
    actor,
    target: event.target ?? null,
    changes: event.changes ?? null,
    details: event.details ?? null,
  });
}

export const actingIn = (context: {
  user: { id: string; name: string } | null;
  impersonatorId: string | null;
  apiKey?: ActingKey | null;
  request: Request;
}): Pick<AuditEventInput, 'actor' | 'impersonatorId' | 'request' | 'apiKey'> => ({
  actor: context.user ? { id: context.user.id, name: context.user.name } : null,
  impersonatorId: context.impersonatorId,
  apiKey: context.apiKey ?? null,
  request: context.request,
});
