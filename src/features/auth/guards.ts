import { redirect } from '@tanstack/react-router';
import { createIsomorphicFn } from '@tanstack/react-start';
import { setResponseHeader } from '@tanstack/react-start/server';
import type { QueryClient } from '@tanstack/react-query';
import { STATUS_HEADER } from '#/lib/status-header';
import { homeFor, opensOnServer, safeRedirect } from './redirect';
import { getSecondFactorPending, getSessionUser } from './auth.functions';
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
  // Halfway through a sign-in: its second step, the one page such a browser may see.
  if (!user) throw redirect({ to: (await getSecondFactorPending()) ? '/login/two-factor' : '/login', search: { redirect: location.href } });
  // Not with the route tree: the permissions bring Better Auth's access control, which /login never needs.
  const { rolesAllow } = await import('#/lib/permissions');
  if (!rolesAllow(user.role, { apps: [section] })) {
    markStatus(403);
    throw new ForbiddenError();
  }
  // AUTH_TWO_FACTOR: the account page's set-up first (the product API refuses them everything else).
  if (user.twoFactorSetUpRequired && !/\/account\/?$/.test(new URL(location.href, 'http://localhost').pathname)) {
    throw redirect({ to: section === 'app' ? '/app/account' : '/manager/account', hash: 'two-factor' });
  }
  // Rendered in the server's HTML, so it works before hydration and without JavaScript.
  if (!user.onboardedAt) await (await import('./onboarding-gate')).preloadOnboarding();
  // Likewise the impersonation bar, so 'Stop impersonating' works at once.
  if (user.impersonatedBy) await (await import('./impersonation-banner')).preloadImpersonationBar();
  return { user };
}

/** Signed in already: on to where the sign-in would have gone, a server's address by the browser itself. */
function onwards(target: string, role: string | null | undefined) {
  const href = safeRedirect(target) ?? homeFor(role);
  return redirect({ href, reloadDocument: opensOnServer(href) });
}

export async function redirectIfSignedIn(target: string) {
  // Straight from the server, not through the cache: the sign-in pages never load Query.
  const user = await getSessionUser();
  if (user) throw onwards(target, user.role);
  // A passkey's sign-in comes back through /login: one that needs the second factor goes on to it.
  if (await getSecondFactorPending()) throw redirect({ to: '/login/two-factor', search: { redirect: target } });
}

/** The second factor's page: for a browser halfway through a sign-in only. */
export async function requireSecondFactorStep(target: string) {
  const user = await getSessionUser();
  if (user) throw onwards(target, user.role);
  if (!(await getSecondFactorPending())) throw redirect({ to: '/login', search: { redirect: target } });
}
