import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loginErrorSearch, toLoginError } from '#/features/auth/auth.search';
import { PageLoginError } from '#/features/auth/page-login-error';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/login/error')({
  search: { middlewares: [stripSearchParams({ error: '' })] },
  validateSearch: loginErrorSearch,
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t(`auth:error.${toLoginError(match.search.error)}.title`)) }] }),
  component: PageLoginError,
});
