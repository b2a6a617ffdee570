import { createFileRoute } from '@tanstack/react-router';
import { PageLogin } from '#/features/auth/page-login';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Login | Springboard' }] }),
  component: PageLogin,
});
