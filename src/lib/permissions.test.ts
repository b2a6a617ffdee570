import { describe, expect, it } from 'vitest';
import { rolesAllow } from './permissions';
import { roleFieldIsAdmin } from './role-field';

// Who may do what is written out once, in tests/permission-matrix.test.ts; these test the function.
describe('rolesAllow', () => {
  it('requires every action asked for at once', () => {
    expect(rolesAllow('user', { book: ['read'], genre: ['read'] })).toBe(true);
    expect(rolesAllow('user', { book: ['read', 'create'] })).toBe(false);
    expect(rolesAllow('user', { book: ['read'], user: ['list'] })).toBe(false);
  });

  it('combines comma-separated roles, reads a missing role as user and grants nothing to unknown ones', () => {
    expect(rolesAllow('user, admin', { user: ['list'] })).toBe(true);
    expect(rolesAllow('guest,admin', { user: ['list'] })).toBe(true);
    expect(rolesAllow(null, { book: ['read'] })).toBe(true);
    expect(rolesAllow(null, { user: ['list'] })).toBe(false);
    expect(rolesAllow('guest', { book: ['read'] })).toBe(false);
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
