import { redirect } from '@tanstack/react-router';
import { createIsomorphicFn } from '@tanstack/react-start';
import { setResponseHeader } from '@tanstack/react-start/server';
import type { QueryClient } from '@tanstack/react-query';
import { STATUS_HEADER } from '#/lib/status-header';
import { homeFor, safeRedirect } from './redirect';
import { getSessionUser } from './auth.functions';
import { sessionQuery } from './session';

const FORBIDDEN = 'FORBIDDEN';

class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  constructor() {
    super(FORBIDDEN);
  }
}

/** Errors lose their class when they cross from the server render to the browser: compare the message. */
export const isForbidden = (error: unknown) => error instanceof Error && error.message === FORBIDDEN;

/** The router itself knows only 200/404/500. */
const markStatus = createIsomorphicFn()
  .server((status: number) => setResponseHeader(STATUS_HEADER, String(status)))
  .client(() => {});

export async function requireSection(
  { queryClient }: { queryClient: QueryClient },
  location: { href: string },
  section: 'app' | 'manager',
) {
  const user = await queryClient.fetchQuery(sessionQuery);
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  // Not with the route tree: the permissions bring Better Auth's access control, which /login never needs.
  const { rolesAllow } = await import('#/lib/permissions');
  if (!rolesAllow(user.role, { apps: [section] })) {
    markStatus(403);
    throw new ForbiddenError();
  }
  // Rendered in the server's HTML, so it works before hydration and without JavaScript.
  if (!user.onboardedAt) await (await import('./onboarding-gate')).preloadOnboarding();
  // Likewise the impersonation bar, so 'Stop impersonating' works at once.
  if (user.impersonatedBy) await (await import('./impersonation-banner')).preloadImpersonationBar();
  return { user };
}

export async function redirectIfSignedIn(target: string) {
  // Straight from the server, not through the cache: the sign-in pages never load Query.
  const user = await getSessionUser();
  if (user) throw redirect({ href: safeRedirect(target) ?? homeFor(user.role) });
}
