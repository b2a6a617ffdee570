import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '#/components/errors/page-not-found';
import { LayoutManager } from '#/layout/manager/layout-manager';

export const Route = createFileRoute('/manager')({
  component: LayoutManager,
  notFoundComponent: PageNotFound,
});
