import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loginSearch } from '#/features/auth/auth.search';
import { redirectIfSignedIn } from '#/features/auth/guards';
import { getInvitationNotice, invitationIdIn } from '#/features/auth/invitation-notice.functions';
import { PageLogin } from '#/features/auth/page-login';

export const Route = createFileRoute('/login/')({
  staticData: { title: 'auth:login.title' },
  search: { middlewares: [stripSearchParams({ redirect: '' })] },
  validateSearch: loginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn(search.redirect),
  loaderDeps: ({ search }) => ({ invitation: invitationIdIn(search.redirect) }),
  loader: ({ deps }) => (deps.invitation ? getInvitationNotice({ data: deps.invitation }) : null),
  component: PageLogin,
  // The form without JavaScript, or sent before the page hydrated.
  server: {
    handlers: { POST: async ({ request }) => (await import('#/features/auth/sign-in-forms.server')).submitLoginForm(request) },
  },
});
