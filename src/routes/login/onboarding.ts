import { createFileRoute } from '@tanstack/react-router';

/** Where the onboarding form posts without JavaScript; the form itself shows in the sections. */
export const Route = createFileRoute('/login/onboarding')({
  server: {
    handlers: { POST: async ({ request }) => (await import('#/features/auth/sign-in-forms.server')).submitOnboardingForm(request) },
  },
});
