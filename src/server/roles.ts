/**
 * The role the permissions see. Kept apart from the auth configuration (auth.ts): the permission
 * middleware needs it on every call, and importing auth.ts loads Better Auth (decision 025).
 */
import { sql } from 'drizzle-orm';
import { env, type Env } from './env.ts';

/** SQL: the stored role field includes admin (the reading of src/lib/role-field.ts, in SQL). */
export const storedRoleIsAdmin = sql`'admin' = any(string_to_array(replace("role", ' ', ''), ','))`;

/** ADMIN_USER_IDS always have admin rights, whatever is stored. */
export function effectiveRole(user: { id: string; role?: string | null }, e: Env = env()) {
  return e.auth.adminUserIds.includes(user.id) ? 'admin' : (user.role ?? 'user');
}
