import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import type { SessionUser } from './auth.functions';

// The form and its libraries load only for a user who has not finished onboarding.
const load = () => import('./page-onboarding');
const PageOnboardingLazy = lazy(() => load().then((m) => ({ default: m.PageOnboarding })));
let loaded: Awaited<ReturnType<typeof load>> | undefined;

/** So the server renders the form itself, not a boundary that only a script would fill in. */
export async function preloadOnboarding() {
  loaded ??= await load();
}

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

/** Its card, never a blank page, while the form's code arrives. */
function OnboardingPending() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('onboarding.welcome')} description={t('onboarding.subtitle')}>
      <div aria-busy="true" className="h-40 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
    </AuthLayout>
  );
}
