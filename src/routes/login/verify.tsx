import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { checkEmail, verifySearch } from '#/features/auth/auth.search';
import { redirectIfSignedIn } from '#/features/auth/guards';
import { PageLoginVerify } from '#/features/auth/page-login-verify';

export const Route = createFileRoute('/login/verify')({
  staticData: { title: 'auth:verify.title' },
  search: { middlewares: [stripSearchParams({ redirect: '' })] },
  validateSearch: verifySearch,
  beforeLoad: async ({ search }) => {
    if (checkEmail(search.email).error) throw redirect({ to: '/login', search: { redirect: search.redirect } });
    await redirectIfSignedIn(search.redirect);
  },
  component: PageLoginVerify,
  // The form without JavaScript, or sent before the page hydrated.
  server: {
    handlers: { POST: async ({ request }) => (await import('#/features/auth/sign-in-forms.server')).submitVerifyForm(request) },
  },
});
