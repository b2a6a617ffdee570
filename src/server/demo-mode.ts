// Deny by default: an auth endpoint added later is blocked until listed. Impersonation only swaps
// sessions; every write stays refused. The product API's writes: rpc.ts.
export const DEMO_ALLOWED_AUTH_WRITES = new Set([
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/sign-in/email-otp',
  '/sign-in/social',
  // A passkey's sign-in is a sign-in; adding, renaming and deleting one are writes.
  '/passkey/verify-authentication',
  // The second factor's step finishes a sign-in; setting it up or turning it off are writes.
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/sign-out',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
]);

/** Reads that only start a write: refused at once, before the browser asks for a passkey that would not be kept. */
const DEMO_REFUSED_AUTH_READS = new Set(['/passkey/generate-register-options']);

export function demoModeRefuses(path: string, method: string | undefined) {
  if (DEMO_REFUSED_AUTH_READS.has(path)) return true;
  return (method ?? 'GET').toUpperCase() !== 'GET' && !DEMO_ALLOWED_AUTH_WRITES.has(path);
}
