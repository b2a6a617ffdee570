// No call may leave the application without an active administrator (ADMIN_USER_IDS count as admins).
import { sql } from 'drizzle-orm';
import { roleFieldIsAdmin } from '#/lib/role-field';
import { queryRows, type Database } from './db/client.ts';
import { env } from './env.ts';
import { storedRoleIsAdmin } from './roles.ts';

export const LAST_ADMIN = 'LAST_ADMIN';
export const LAST_ADMIN_MESSAGE = 'The last administrator cannot be demoted, banned or deleted';

export async function isLastAdmin(db: Database, userId: string): Promise<boolean> {
  const ids = env().auth.adminUserIds.join(',');
  const isAdmin = sql`(${storedRoleIsAdmin} or "id" = any(string_to_array(${ids}, ',')))`;
  const [row] = await queryRows<{ target: boolean; others: number }>(
    db,
    sql`select
          exists(select 1 from "user" where "id" = ${userId} and ${isAdmin}) as target,
          (select count(*)::int from "user" where "id" <> ${userId} and not "banned" and ${isAdmin}) as others`,
  );
  return Boolean(row?.target) && row?.others === 0;
}

export const LAST_ADMIN_LOCK = 7_301_001;

export function adminRightsTarget(path: string, body: unknown): string | null {
  // As the client sent it: Better Auth validates it after the hooks run.
  const { userId, role } = (body ?? {}) as { userId?: unknown; role?: unknown };
  if (typeof userId !== 'string') return null;
  if (path === '/admin/ban-user' || path === '/admin/remove-user') return userId;
  // A role that is neither a string nor a list of strings sets nothing: Better Auth answers 400.
  const roleIsValid = typeof role === 'string' || (Array.isArray(role) && role.every((r) => typeof r === 'string'));
  if (path === '/admin/set-role' && roleIsValid && !roleFieldIsAdmin(role) && !env().auth.adminUserIds.includes(userId)) return userId;
  return null;
}
