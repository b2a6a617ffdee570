import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '#/components/errors/page-not-found';
import { LayoutApp } from '#/layout/app/layout-app';

export const Route = createFileRoute('/app')({
  component: LayoutApp,
  notFoundComponent: PageNotFound,
});
