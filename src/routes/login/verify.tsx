import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { emailSchema, verifySearchSchema } from '#/features/auth/auth.schema';
import { redirectIfSignedIn } from '#/features/auth/guards';
import { PageLoginVerify } from '#/features/auth/page-login-verify';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/login/verify')({
  search: { middlewares: [stripSearchParams({ redirect: '' })] },
  validateSearch: verifySearchSchema,
  beforeLoad: async ({ context, search }) => {
    if (!emailSchema.safeParse(search.email).success) throw redirect({ to: '/login', search: { redirect: search.redirect } });
    await redirectIfSignedIn(context, search.redirect);
  },
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('auth:verify.title')) }] }),
  component: PageLoginVerify,
});
