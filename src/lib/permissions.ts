/**
 * The one declaration of permissions (docs/product.md, "Roles and permissions"). Pure data: the
 * auth server enforces it, the product API checks it in one middleware, and the browser reads it to
 * hide what a role cannot do. Imports nothing of ours but the role field's reading (itself
 * import-free), so no import circle can form.
 */
import { createAccessControl } from 'better-auth/plugins/access';
import { roleNames } from './role-field.ts';

export const statements = {
  account: ['read', 'update'],
  apps: ['app', 'manager'],
  book: ['read', 'create', 'update', 'delete'],
  genre: ['read'],
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
  session: ['list', 'revoke', 'delete'],
  // Every organisation, from the manager (decision 038); rights inside one organisation are its
  // members' roles (owner, admin, member), checked by the organization plugin and the shelf's API.
  organization: ['list', 'delete'],
  audit: ['read'],
} as const;

export const ac = createAccessControl(statements);

export const roles = {
  user: ac.newRole({
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
  }),
  admin: ac.newRole({
    account: ['update'],
    apps: ['app', 'manager'],
    book: ['read', 'create', 'update', 'delete'],
    genre: ['read'],
    user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
    session: ['list', 'revoke', 'delete'],
    organization: ['list', 'delete'],
    audit: ['read'],
  }),
};

export type RoleName = keyof typeof roles;
export const ROLE_NAMES = Object.keys(roles) as RoleName[];
type Statements = typeof statements;
type Resource = keyof Statements;
export type Permission = { [R in Resource]?: Array<Statements[R][number]> };

/**
 * Whether a user with these roles (comma-separated, as stored) holds every requested permission.
 * Several roles combine; unknown roles grant nothing.
 */
export function rolesAllow(roleField: string | null | undefined, permission: Permission): boolean {
  const names = roleNames(roleField ?? 'user');
  return (Object.entries(permission) as Array<[Resource, string[]]>).every(([resource, actions]) =>
    actions.every((action) =>
      names.some((name) => {
        const role = roles[name as RoleName];
        return role ? role.authorize({ [resource]: [action] } as never).success : false;
      }),
    ),
  );
}

/**
 * Better Auth's admin endpoints that are on (under /api/auth; the others answer 404, see
 * src/server/auth-endpoints.ts) and the permission each one checks. Better Auth enforces these
 * itself; our hooks read this table (last-admin protection). 'signed-in': any session. Creating
 * and editing users goes through our own users API instead.
 */
export const AUTH_ADMIN_ENDPOINTS: Record<string, Permission | 'signed-in' | null> = {
  '/admin/list-users': { user: ['list'] },
  '/admin/set-role': { user: ['set-role'] },
  '/admin/ban-user': { user: ['ban'] },
  '/admin/unban-user': { user: ['ban'] },
  '/admin/impersonate-user': { user: ['impersonate'] },
  '/admin/stop-impersonating': 'signed-in',
  '/admin/list-user-sessions': { session: ['list'] },
  '/admin/revoke-user-session': { session: ['revoke'] },
  '/admin/revoke-user-sessions': { session: ['revoke'] },
  '/admin/remove-user': { user: ['delete'] },
};
