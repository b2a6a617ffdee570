// Same-origin paths only: no open redirects.
import { roleFieldIsAdmin } from '#/lib/role-field';

const PROBE_ORIGIN = 'http://probe.invalid';

export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // Control characters and backslashes can make browsers read a path as another host.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\\]/.test(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Sending someone back to the login pages after logging in would loop.
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return undefined;
  return path;
}

export const homeFor = (role: string | null | undefined) => (roleFieldIsAdmin(role) ? '/manager' : '/app');

/**
 * Past the sign-in, a page of the app is the router's to open; the one server address a sign-in returns to, an MCP
 * client's authorization request (src/features/connected-apps/oauth-query.ts), is the browser's.
 */
export const opensOnServer = (path: string) => path.startsWith('/api/auth/oauth2/authorize?');
