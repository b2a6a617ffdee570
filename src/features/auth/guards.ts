/**
 * Route guards, run in `beforeLoad` on the server render and on client navigation alike: a
 * signed-out visitor goes to /login?redirect=…; a signed-in one without the section's permission
 * gets the 403 page (with HTTP status 403 on the server render).
 */
import { redirect } from '@tanstack/react-router';
import { createIsomorphicFn } from '@tanstack/react-start';
import { setResponseHeader } from '@tanstack/react-start/server';
import type { Queries } from '#/lib/queries';
import { STATUS_HEADER } from '#/lib/status-header';
import { homeFor, safeRedirect } from './redirect';
import { getSessionUser } from './auth.functions';
import { sessionQuery } from './session';

const FORBIDDEN = 'FORBIDDEN';

/** Thrown by a guard; the section's error view renders the 403 page for it. */
class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  constructor() {
    super(FORBIDDEN);
  }
}

/** Errors lose their class when they cross from the server render to the browser: compare the message. */
export const isForbidden = (error: unknown) => error instanceof Error && error.message === FORBIDDEN;

/** The server render asks the HTTP pipeline for this status (the router itself knows only 200/404/500). */
const markStatus = createIsomorphicFn()
  .server((status: number) => setResponseHeader(STATUS_HEADER, String(status)))
  .client(() => {});

export async function requireSection({ queries }: { queries: Queries }, location: { href: string }, section: 'app' | 'manager') {
  // The sections' pages read the cache: the guard loads Query (decision 026).
  const user = await (await queries.client()).fetchQuery(sessionQuery);
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  // Loaded here, not with the route tree: the permissions' declaration brings Better Auth's access
  // control with it, which the sign-in pages (the first load of most visitors) never need.
  const { rolesAllow } = await import('#/lib/permissions');
  if (!rolesAllow(user.role, { apps: [section] })) {
    markStatus(403);
    throw new ForbiddenError();
  }
  // Its form is rendered in the server's HTML, so it works before hydration and without JavaScript.
  // (Imported here, not at the top: the guards are in every page's route tree, the sign-in pages' too.)
  if (!user.onboardedAt) await (await import('./onboarding-gate')).preloadOnboarding();
  // Likewise the impersonation bar: there before hydration, so 'Stop impersonating' works at once.
  if (user.impersonatedBy) await (await import('./impersonation-banner')).preloadImpersonationBar();
  return { user };
}

/** A signed-in visit to the login pages goes on to the redirect target or the user's home. */
export async function redirectIfSignedIn(target: string) {
  // Straight from the server, not through the cache: the sign-in pages never load Query (decision 026).
  const user = await getSessionUser();
  if (user) throw redirect({ href: safeRedirect(target) ?? homeFor(user.role) });
}
