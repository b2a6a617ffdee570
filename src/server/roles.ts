/**
 * The role the permissions see. Kept apart from the auth configuration (auth.ts): the permission
 * middleware needs it on every call, and importing auth.ts loads Better Auth (decision 025).
 */
import { env, type Env } from './env.ts';

/** SQL: the stored role field includes admin; defined beside the index that serves it (user_admin). */
export { storedRoleIsAdmin } from './db/schema.ts';

/** ADMIN_USER_IDS always have admin rights, whatever is stored. */
export function effectiveRole(user: { id: string; role?: string | null }, e: Env = env()) {
  return e.auth.adminUserIds.includes(user.id) ? 'admin' : (user.role ?? 'user');
}
