// Read by the auth server, the product API and the browser: it imports nothing of ours but the
// (import-free) role field's reading, so no import circle can form.
import { createAccessControl } from 'better-auth/plugins/access';
import { roleNames } from './role-field.ts';

export const statements = {
  account: ['read', 'update'],
  apps: ['app', 'manager'],
  book: ['read', 'create', 'update', 'delete'],
  genre: ['read'],
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
  session: ['list', 'revoke', 'delete'],
  // Every organisation, from the manager; rights inside one are its members' roles, checked elsewhere.
  organization: ['list', 'delete'],
  audit: ['read'],
  // Anyone's API keys, from the manager; one's own are managed from the account page.
  apiKey: ['list', 'revoke'],
  // The product's webhook endpoints and their deliveries; an organisation's are its owners' (decision 074).
  webhook: ['list', 'manage'],
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
    apiKey: ['list', 'revoke'],
    webhook: ['list', 'manage'],
  }),
};

export type RoleName = keyof typeof roles;
export const ROLE_NAMES = Object.keys(roles) as RoleName[];
type Statements = typeof statements;
type Resource = keyof Statements;
export type Permission = { [R in Resource]?: Array<Statements[R][number]> };

/**
 * What an API key may be given (docs/decisions/073-api-keys.md): the product's resources, not the
 * person's own account (a key cannot manage keys, sessions or sign-in methods) nor the pages.
 */
export const API_KEY_RESOURCES = [
  'book',
  'genre',
  'user',
  'session',
  'organization',
  'audit',
  'apiKey',
  'webhook',
] as const satisfies ReadonlyArray<Resource>;

/** Every grant of `permission` is in `granted` (an API key's stored permissions). */
export function grantsAll(granted: Readonly<Record<string, readonly string[]>> | null | undefined, permission: Permission): boolean {
  return Object.entries(permission).every(([resource, actions]) => (actions ?? []).every((a) => granted?.[resource]?.includes(a) ?? false));
}

/** Whether these roles (comma-separated, as stored) hold every permission; unknown roles grant nothing. */
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

// Better Auth enforces these itself; our hooks read this table (last-admin protection). The
// endpoints not listed answer 404.
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
