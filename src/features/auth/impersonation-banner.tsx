/**
 * While an admin impersonates someone, every page says so, with the way back: 'Stop
 * impersonating' returns to that user's page in the manager, signed in as the admin again.
 * Reads the session already in the cache (loaded by the section guards); never fetches it.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { sessionQuery } from './session';

// The bar (with the auth-error messages and the form fields' chunk they share) loads only while
// someone is impersonated: the sections' shell, on every page, goes without it.
const load = () => import('./impersonation-bar');
const BarLazy = lazy(load);
let loaded: Awaited<ReturnType<typeof load>> | undefined;

/**
 * Loads the bar before the render (the section guard calls it for an impersonated session): the
 * server renders it into the page and the browser hydrates it at once, as it does the onboarding form.
 */
export async function preloadImpersonationBar() {
  loaded ??= await load();
}

export function ImpersonationBanner() {
  const { data: user } = useQuery({ ...sessionQuery, enabled: false });
  if (!user?.impersonatedBy) return null;
  return loaded ? (
    <loaded.default user={user} />
  ) : (
    <Suspense fallback={null}>
      <BarLazy user={user} />
    </Suspense>
  );
}
