import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PageRootNotFound } from '#/components/errors/page-root-not-found';

export const Route = createFileRoute('/login')({
  component: Outlet,
  notFoundComponent: PageRootNotFound,
});
