import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '#/components/errors/page-not-found';
import { requireSection } from '#/features/auth/guards';
import { SectionError } from '#/features/auth/section-error';
import { LayoutManager } from '#/layout/manager/layout-manager';
import { Section } from '#/features/auth/section';

export const Route = createFileRoute('/manager')({
  beforeLoad: ({ context, location }) => requireSection(context, location, 'manager'),
  component: () => (
    <Section>
      <LayoutManager />
    </Section>
  ),
  errorComponent: SectionError,
  notFoundComponent: PageNotFound,
});
