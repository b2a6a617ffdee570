// `account.linked` and `account.unlinked` (docs/decisions/068-linked-sign-in-methods.md), in the
// call's transaction like every auth event (auth-audit.ts). A link is seen where it happens, when
// Better Auth writes the `account` row: the provider's callback after "Link", or a sign-in through
// a provider with the account's verified address. A sign-up through a provider is no link.
import { and, eq } from 'drizzle-orm';
import { ambientScratch } from '../db/ambient-transaction.ts';
import type { Database } from '../db/client.ts';
import { account, user } from '../db/schema.ts';
import { recordAuditEvent } from './record.ts';

const UNLINK_PATH = '/unlink-account';
const CREATED_USER = 'sign-in-methods:created-user';
const UNLINKING = 'sign-in-methods:unlinking';

interface Caller {
  user: { id: string; name?: string | null };
  /** The admin plugin's `impersonatedBy` is not in Better Auth's session type. */
  session: Record<string, unknown>;
}

interface Unlinking {
  caller: Caller;
  providerId: string;
  email: string;
}

/** `databaseHooks.user.create.after`: the identity that comes with a new user links nothing. */
export function noteUserCreated(id: string) {
  ambientScratch()?.set(CREATED_USER, id);
}

/** `databaseHooks.account.create.after`. */
export async function auditAccountLinked(
  db: Database,
  row: { userId: string; providerId: string },
  context: { request?: Request | undefined; headers?: Headers | undefined } | null,
) {
  // Outside an HTTP call (the seed, a script) nobody links anything; a password row is no provider.
  const scratch = ambientScratch();
  if (!scratch || scratch.get(CREATED_USER) === row.userId || row.providerId === 'credential') return;
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, row.userId));
  await recordAuditEvent(db, {
    action: 'account.linked',
    actor: { id: row.userId },
    target: { type: 'user', id: row.userId, label: owner?.email ?? null },
    details: { provider: row.providerId },
    request: context?.request ?? context?.headers ?? null,
  });
}

/** Read before the call: the row is gone afterwards. */
export async function beforeUnlink(db: Database, path: string, body: unknown, session: () => Promise<Caller | null>) {
  const scratch = ambientScratch();
  if (path !== UNLINK_PATH || !scratch) return;
  const accountId = (body as { accountId?: unknown } | null)?.accountId;
  const caller = await session();
  if (!caller || typeof accountId !== 'string') return;
  const [row] = await db
    .select({ providerId: account.providerId, email: user.email })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(account.id, accountId), eq(account.userId, caller.user.id)));
  if (row) scratch.set(UNLINKING, { caller, ...row } satisfies Unlinking);
}

export async function afterUnlink(
  db: Database,
  call: { path: string; request?: Request; headers?: Headers; context: { returned?: unknown } },
) {
  if (call.path !== UNLINK_PATH || call.context.returned instanceof Error) return;
  const unlinking = ambientScratch()?.get(UNLINKING) as Unlinking | undefined;
  if (!unlinking) return;
  const { caller, providerId, email } = unlinking;
  await recordAuditEvent(db, {
    action: 'account.unlinked',
    actor: { id: caller.user.id, name: caller.user.name ?? null },
    impersonatorId: typeof caller.session.impersonatedBy === 'string' ? caller.session.impersonatedBy : null,
    target: { type: 'user', id: caller.user.id, label: email },
    details: { provider: providerId },
    request: call.request ?? call.headers ?? null,
  });
}
