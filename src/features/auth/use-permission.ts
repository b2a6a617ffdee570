import { rolesAllow, type Permission } from '#/lib/permissions';
import { useCurrentUser } from './use-current-user';

/**
 * Whether the signed-in user holds a permission, from the same declaration the server enforces.
 * For showing or hiding controls only: the server decides.
 */
export function usePermission(permission: Permission): boolean {
  const user = useCurrentUser();
  return user ? rolesAllow(user.role, permission) : false;
}
