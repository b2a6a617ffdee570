import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageLogin } from '#/features/auth/page-login';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/login/')({
  validateSearch: z.object({ redirect: z.string().catch('') }).partial(),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('auth:login.title')) }] }),
  component: PageLogin,
});
