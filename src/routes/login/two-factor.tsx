import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loginSearch } from '#/features/auth/auth.search';
import { requireSecondFactorStep } from '#/features/auth/guards';
import { PageLoginTwoFactor } from '#/features/auth/page-login-two-factor';

// The second factor after the first (docs/decisions/094-a-second-factor-on-every-way-in.md).
export const Route = createFileRoute('/login/two-factor')({
  staticData: { title: 'auth:twoFactor.title' },
  search: { middlewares: [stripSearchParams({ redirect: '' })] },
  validateSearch: loginSearch,
  beforeLoad: ({ search }) => requireSecondFactorStep(search.redirect),
  component: PageLoginTwoFactor,
  // The forms without JavaScript, or sent before the page hydrated.
  server: {
    handlers: { POST: async ({ request }) => (await import('#/features/auth/sign-in-forms.server')).submitTwoFactorForm(request) },
  },
});
