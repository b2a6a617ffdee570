// Deny by default: an auth endpoint added later is blocked until listed. Impersonation only swaps
// sessions; every write stays refused. The product API's writes: rpc.ts.
export const DEMO_ALLOWED_AUTH_WRITES = new Set([
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/sign-in/email-otp',
  '/sign-in/social',
  '/sign-out',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
]);

export function demoModeRefuses(path: string, method: string | undefined) {
  return (method ?? 'GET').toUpperCase() !== 'GET' && !DEMO_ALLOWED_AUTH_WRITES.has(path);
}
