import { lazy, Suspense, type ReactNode } from 'react';
import type { SessionUser } from './auth.functions';

// Its form (the form library, zod, the auth client) loads only for a user who has not finished
// onboarding: the sections' layouts, on every page, go without it.
const load = () => import('./page-onboarding');
const PageOnboardingLazy = lazy(() => load().then((m) => ({ default: m.PageOnboarding })));
let loaded: Awaited<ReturnType<typeof load>> | undefined;

/**
 * Loads the onboarding page before the render (the section guard calls it): the server then
 * renders the form itself into the page, not a boundary that only a script would fill in.
 */
export async function preloadOnboarding() {
  loaded ??= await load();
}

/** Renders the section, or onboarding first for a user who has not finished it. */
export function OnboardingGate({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  if (user && !user.onboardedAt) {
    return <Suspense fallback={null}>{loaded ? <loaded.PageOnboarding user={user} /> : <PageOnboardingLazy user={user} />}</Suspense>;
  }
  return <>{children}</>;
}
