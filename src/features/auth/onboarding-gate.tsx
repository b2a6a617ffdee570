import { lazy, Suspense, type ReactNode } from 'react';
import type { SessionUser } from './auth.functions';

// Its form (the form library, zod, the auth client) loads only for a user who has not finished
// onboarding: the sections' layouts, on every page, go without it.
const PageOnboarding = lazy(() => import('./page-onboarding').then((m) => ({ default: m.PageOnboarding })));

/** Renders the section, or onboarding first for a user who has not finished it. */
export function OnboardingGate({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  if (user && !user.onboardedAt) {
    return (
      <Suspense fallback={null}>
        <PageOnboarding user={user} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
