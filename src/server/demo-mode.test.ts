import { describe, expect, it } from 'vitest';
import { demoModeRefuses } from './demo-mode.ts';

describe('demo mode on the auth API', () => {
  it('lets reads, signing in and out, and impersonation through', () => {
    for (const [path, method] of [
      ['/get-session', 'GET'],
      ['/admin/list-users', 'GET'],
      ['/email-otp/send-verification-otp', 'POST'],
      ['/sign-in/email-otp', 'POST'],
      ['/sign-in/social', 'POST'],
      ['/sign-out', 'POST'],
      ['/admin/impersonate-user', 'POST'],
      ['/admin/stop-impersonating', 'POST'],
    ]) {
      expect(demoModeRefuses(path!, method), `${method} ${path}`).toBe(false);
    }
  });

  it('refuses every other write, including endpoints it has never heard of', () => {
    for (const path of [
      '/update-user',
      '/delete-user',
      '/admin/ban-user',
      '/admin/set-role',
      '/admin/create-user',
      '/revoke-sessions',
      '/revoke-other-sessions',
      '/organization/create',
      '/email-otp/request-email-change',
      '/email-otp/change-email',
      '/link-social',
      '/unlink-account',
      '/some-future-endpoint',
    ]) {
      expect(demoModeRefuses(path, 'POST'), path).toBe(true);
    }
  });
});
