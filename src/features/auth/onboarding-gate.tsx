import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
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
    return (
      <Suspense fallback={<OnboardingPending />}>
        {loaded ? <loaded.PageOnboarding user={user} /> : <PageOnboardingLazy user={user} />}
      </Suspense>
    );
  }
  return <>{children}</>;
}

/** While the form's code arrives (when the guard could not load it first): its card, never a blank page. */
function OnboardingPending() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('onboarding.welcome')} description={t('onboarding.subtitle')}>
      <div aria-busy="true" className="h-40 animate-pulse rounded-md bg-neutral-100 motion-reduce:animate-none dark:bg-neutral-800" />
    </AuthLayout>
  );
}
