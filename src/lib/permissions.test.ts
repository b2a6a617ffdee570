import { describe, expect, it } from 'vitest';
import { rolesAllow, statements } from './permissions';

describe('permissions', () => {
  it('declares exactly the resources and actions of the spec', () => {
    expect(statements).toEqual({
      account: ['read', 'update'],
      apps: ['app', 'manager'],
      book: ['read', 'create', 'update', 'delete'],
      genre: ['read'],
      user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
      session: ['list', 'revoke', 'delete'],
    });
  });

  it('grants a user the app, reading books and genres, and updating the account; nothing else', () => {
    expect(rolesAllow('user', { apps: ['app'], book: ['read'], genre: ['read'], account: ['update'] })).toBe(true);
    expect(rolesAllow('user', { apps: ['manager'] })).toBe(false);
    expect(rolesAllow('user', { book: ['create'] })).toBe(false);
    expect(rolesAllow('user', { user: ['list'] })).toBe(false);
    expect(rolesAllow('user', { session: ['revoke'] })).toBe(false);
  });

  it('grants an admin both sections, the catalogue and all user and session administration', () => {
    for (const [resource, actions] of Object.entries(statements)) {
      if (resource === 'account') continue;
      expect(rolesAllow('admin', { [resource]: [...actions] }), resource).toBe(true);
    }
    expect(rolesAllow('admin', { account: ['update'] })).toBe(true);
    expect(rolesAllow('admin', { account: ['read'] })).toBe(false);
  });

  it('combines comma-separated roles and ignores unknown ones', () => {
    expect(rolesAllow('user, admin', { apps: ['manager'] })).toBe(true);
    expect(rolesAllow('guest', { apps: ['app'] })).toBe(false);
    expect(rolesAllow(null, { apps: ['app'] })).toBe(true);
  });
});
