import { describe, expect, it } from 'vitest';
import { rolesAllow, statements, type Permission } from './permissions';
import { roleFieldIsAdmin } from './role-field';

/**
 * Who may do what, written out from the product rules (docs/product.md, "Roles and permissions"):
 * a user has their account, the app section and reads the catalogue; an admin also has the
 * manager, edits the catalogue and administers users, sessions and every organisation. Nobody holds
 * `account:read`.
 */
const MAY: Record<string, Array<'user' | 'admin'>> = {
  'account:read': [],
  'account:update': ['user', 'admin'],
  'apps:app': ['user', 'admin'],
  'apps:manager': ['admin'],
  'book:read': ['user', 'admin'],
  'book:create': ['admin'],
  'book:update': ['admin'],
  'book:delete': ['admin'],
  'genre:read': ['user', 'admin'],
  'user:create': ['admin'],
  'user:list': ['admin'],
  'user:set-role': ['admin'],
  'user:ban': ['admin'],
  'user:impersonate': ['admin'],
  'user:delete': ['admin'],
  'user:set-password': ['admin'],
  'session:list': ['admin'],
  'session:revoke': ['admin'],
  'session:delete': ['admin'],
  // Every organisation, from the manager (decision 038); inside an organisation, its own roles decide.
  'organization:list': ['admin'],
  'organization:delete': ['admin'],
  'audit:read': ['admin'],
};

const permission = (action: string): Permission => {
  const [resource, name] = action.split(':');
  return { [resource!]: [name] } as Permission;
};

describe('permissions', () => {
  it.each(Object.entries(MAY))('%s: allowed to %j, refused to everyone else', (action, allowed) => {
    for (const role of ['user', 'admin'] as const) {
      expect(rolesAllow(role, permission(action)), `${role} ${action}`).toBe(allowed.includes(role));
    }
  });

  it('has a row above for every action it declares (a new action must say who may do it)', () => {
    const declared = Object.entries(statements).flatMap(([resource, actions]) => actions.map((a) => `${resource}:${a}`));
    expect(declared.sort()).toEqual(Object.keys(MAY).sort());
  });

  it('lets only admins into the manager, and both roles into the app', () => {
    expect(rolesAllow('user', { apps: ['manager'] })).toBe(false);
    expect(rolesAllow('admin', { apps: ['manager'] })).toBe(true);
    expect(rolesAllow('user', { apps: ['app'] })).toBe(true);
  });

  it('requires every action asked for at once', () => {
    expect(rolesAllow('user', { book: ['read'], genre: ['read'] })).toBe(true);
    expect(rolesAllow('user', { book: ['read', 'create'] })).toBe(false);
    expect(rolesAllow('user', { book: ['read'], user: ['list'] })).toBe(false);
  });

  it('combines comma-separated roles, reads a missing role as user and grants nothing to unknown ones', () => {
    expect(rolesAllow('user, admin', { apps: ['manager'] })).toBe(true);
    expect(rolesAllow(null, { apps: ['app'] })).toBe(true);
    expect(rolesAllow(null, { apps: ['manager'] })).toBe(false);
    expect(rolesAllow('guest', { apps: ['app'] })).toBe(false);
  });

  it('recognises an admin in a stored role field', () => {
    expect(roleFieldIsAdmin('admin')).toBe(true);
    expect(roleFieldIsAdmin('user, admin')).toBe(true);
    expect(roleFieldIsAdmin(['user', 'admin'])).toBe(true);
    expect(roleFieldIsAdmin('user')).toBe(false);
    expect(roleFieldIsAdmin('administrator')).toBe(false);
    expect(roleFieldIsAdmin(null)).toBe(false);
  });
});
