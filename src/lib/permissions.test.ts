import { describe, expect, it } from 'vitest';
import { reachWith, rolesAllow } from './permissions';
import { roleFieldIsAdmin } from './role-field';

// Who may do what is written out once, in tests/permission-matrix.test.ts; these test the function.
describe('rolesAllow', () => {
  it('requires every action asked for at once', () => {
    expect(rolesAllow('user', { account: ['update'], apps: ['app'] })).toBe(true);
    expect(rolesAllow('user', { apps: ['app', 'manager'] })).toBe(false);
    expect(rolesAllow('user', { account: ['update'], user: ['list'] })).toBe(false);
  });

  it('combines comma-separated roles, reads a missing role as user and grants nothing to unknown ones', () => {
    expect(rolesAllow('user, admin', { user: ['list'] })).toBe(true);
    expect(rolesAllow('guest,admin', { user: ['list'] })).toBe(true);
    expect(rolesAllow(null, { apps: ['app'] })).toBe(true);
    expect(rolesAllow(null, { user: ['list'] })).toBe(false);
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

// A statement's own/any pair, as a resource people own declares it (docs/guides/permissions.md).
describe('reachWith: own and any', () => {
  const declared = ['read', 'create', 'update:own', 'update:any', 'delete:own', 'delete:any'];
  const holding =
    (...held: string[]) =>
    (action: string) =>
      held.includes(action);

  it('reaches every row with the any grant, whether or not own is held beside it', () => {
    expect(reachWith(declared, holding('update:any'), 'update')).toBe('any');
    expect(reachWith(declared, holding('update:own', 'update:any'), 'update')).toBe('any');
  });

  it("reaches the caller's own rows only with the own grant", () => {
    expect(reachWith(declared, holding('update:own'), 'update')).toBe('own');
    expect(reachWith(declared, holding('update:own'), 'delete')).toBe(null);
  });

  it('reaches nothing without a grant, and a plainly declared action every row or none', () => {
    expect(reachWith(declared, holding(), 'update')).toBe(null);
    expect(reachWith(declared, holding('read'), 'read')).toBe('any');
    expect(reachWith(declared, holding(), 'read')).toBe(null);
  });

  it('never reads an undeclared suffix: a grant of update:own on a plain statement is nothing', () => {
    expect(reachWith(['read', 'update'], holding('update:own'), 'update')).toBe(null);
    expect(reachWith(['read', 'update'], holding('update:any'), 'update')).toBe(null);
  });
});
