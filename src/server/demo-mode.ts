/**
 * Demo mode on the auth API: every write is refused except signing in and out, and an admin's
 * impersonation (which only swaps sessions; every write stays refused as whoever is signed in,
 * decision 015). Deny by default:
 * a Better Auth endpoint added later is blocked until it is listed here. (The product API's
 * writes are refused by the one middleware in rpc.ts.)
 */
export const DEMO_ALLOWED_AUTH_WRITES = new Set([
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/sign-in/email-otp',
  '/sign-in/social',
  '/sign-out',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
]);

/** True when demo mode must refuse this auth request. Reads (GET) always pass. */
export function demoModeRefuses(path: string, method: string | undefined) {
  return (method ?? 'GET').toUpperCase() !== 'GET' && !DEMO_ALLOWED_AUTH_WRITES.has(path);
}
