import { rolesAllow, type Permission } from '#/lib/permissions';
import { useCurrentUser } from './use-current-user';

/** For showing or hiding controls only: the server decides. */
export function usePermission(permission: Permission): boolean {
  const user = useCurrentUser();
  return user ? rolesAllow(user.role, permission) : false;
}
