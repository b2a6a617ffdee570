// Apart from auth.ts: the permission middleware runs on every call, and auth.ts loads Better Auth.
import { env, type Env } from './env.ts';

export { storedRoleIsAdmin } from './db/schema.ts';

export function effectiveRole(user: { id: string; role?: string | null }, e: Env = env()) {
  return e.auth.adminUserIds.includes(user.id) ? 'admin' : (user.role ?? 'user');
}
