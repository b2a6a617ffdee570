// Only callers the endpoint would let through are checked: anyone else gets Better Auth's own
// 401/403, as the permission matrix expects.
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { AUTH_ADMIN_ENDPOINTS, rolesAllow } from '#/lib/permissions';
import type { Database } from './db/client.ts';
import { user } from './db/schema.ts';
import { adminRightsTarget, isLastAdmin, LAST_ADMIN, LAST_ADMIN_MESSAGE } from './last-admin.ts';
import { logger } from './logger.ts';

interface HookSession {
  user: { id: string; role?: string | null };
  session: Record<string, unknown>;
}

export interface HookInput {
  path: string;
  body: unknown;
  /** Cached per request by Better Auth. */
  session: () => Promise<HookSession | null>;
  /** ADMIN_USER_IDS are admins. */
  roleOf: (user: HookSession['user']) => string;
}

export const lastAdminError = () => new APIError('CONFLICT', { code: LAST_ADMIN, message: LAST_ADMIN_MESSAGE });

async function allowedCaller(input: HookInput) {
  const permission = AUTH_ADMIN_ENDPOINTS[input.path];
  if (!permission || typeof permission !== 'object') return false;
  const session = await input.session();
  return Boolean(session && rolesAllow(input.roleOf(session.user), permission));
}

export async function beforeAdminCall(db: Database, input: HookInput) {
  const target = adminRightsTarget(input.path, input.body);
  if (target && (await allowedCaller(input)) && (await isLastAdmin(db, target))) throw lastAdminError();

  if (input.path === '/admin/impersonate-user') {
    const userId = (input.body as { userId?: unknown } | undefined)?.userId;
    if (typeof userId !== 'string' || !(await allowedCaller(input))) return;
    const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
    if (row?.banned)
      throw new APIError('FORBIDDEN', { code: 'YOU_CANNOT_IMPERSONATE_BANNED_USERS', message: 'You cannot impersonate a banned user' });
  }
}

/** Warn level: kept when info is filtered out. */
export function afterAdminCall(path: string, returned: unknown, session: HookSession | null | undefined) {
  if (!returned || returned instanceof Error) return;
  if (path === '/admin/impersonate-user') {
    const started = (returned as { session?: { userId?: string; impersonatedBy?: string } }).session;
    if (started?.impersonatedBy)
      logger().warn({ event: 'impersonation.start', adminId: started.impersonatedBy, userId: started.userId }, 'impersonation started');
  }
  const adminId = session?.session.impersonatedBy;
  if (path === '/admin/stop-impersonating' && typeof adminId === 'string') {
    logger().warn({ event: 'impersonation.stop', adminId, userId: session!.user.id }, 'impersonation stopped');
  }
}
