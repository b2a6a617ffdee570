import { rolesAllow, type Permission } from '#/lib/permissions';
import { useCurrentUser } from './use-current-user';

/**
 * For showing or hiding controls only: the server decides. `ownerId`, for a control on one row: the row's owner,
 * so an action the role holds on its own rows only (`update:own`) shows on the person's own rows alone.
 */
export function usePermission(permission: Permission, ownerId?: string | null): boolean {
  const user = useCurrentUser();
  if (!user) return false;
  return rolesAllow(user.role, permission, ownerId === undefined ? undefined : { ownerId, userId: user.id });
}
