// Which resources a key may be given comes from the permission statements, not a second list: every declared
// resource but the person's own account and the pages. A resource added to `statements` is grantable at once.
import { describe, expect, it } from 'vitest';
import { statements } from '#/lib/permissions';
import { apiKeyInputSchema } from './api-keys.schema';

const key = (permissions: Record<string, string[]>) => apiKeyInputSchema.safeParse({ name: 'Script', expiresInDays: 30, permissions });

describe('what an API key may be given', () => {
  // Written from the product rule (decision 073), not read from the code that applies it.
  const sessionOnly = ['account', 'apps'];

  it.each(Object.keys(statements).filter((resource) => !sessionOnly.includes(resource)))('takes every action of %s', (resource) => {
    const actions = [...statements[resource as keyof typeof statements]];
    expect(key({ [resource]: actions }).success).toBe(true);
  });

  it.each(sessionOnly)('never %s', (resource) => {
    const result = key({ [resource]: [...statements[resource as keyof typeof statements]] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('account:apiKeys.errors.unknownPermission');
  });

  it('refuses an action the resource does not declare', () => {
    expect(key({ user: ['list', 'publish'] }).success).toBe(false);
  });
});
