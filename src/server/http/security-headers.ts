/**
 * Security headers for every response, decided in this one place.
 * Scripts are allowed only from our origin or with the per-request nonce (no 'unsafe-inline');
 * styles keep 'unsafe-inline' because toasts and drawers set inline styles at run time.
 */
import { randomBytes } from 'node:crypto';

export const newNonce = () => randomBytes(16).toString('base64');

function contentSecurityPolicy(options: { nonce: string; development: boolean }) {
  const script = options.development
    ? // Vite's dev client injects inline and eval'd modules; production never gets this line.
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : `script-src 'self' 'nonce-${options.nonce}'`;
  return [
    "default-src 'self'",
    script,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    options.development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function applySecurityHeaders(headers: Headers, options: { nonce: string; https: boolean; development: boolean }) {
  headers.set('Content-Security-Policy', contentSecurityPolicy(options));
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (options.https) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  if (!options.development) {
    // No timing or implementation details leave a production server.
    headers.delete('Server-Timing');
    headers.delete('X-Powered-By');
  }
}
