// Reads the session already in the cache (loaded by the section guards); never fetches it.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { sessionQuery } from './session';

// Loaded only while someone is impersonated: the sections' shell, on every page, goes without it.
const load = () => import('./impersonation-bar');
const BarLazy = lazy(load);
let loaded: Awaited<ReturnType<typeof load>> | undefined;

/** So the server renders the bar into the page and the browser hydrates it at once. */
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
