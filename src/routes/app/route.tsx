import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '#/components/errors/page-not-found';
import { requireSection } from '#/features/auth/guards';
import { SectionError } from '#/features/auth/section-error';
import { LayoutApp } from '#/layout/app/layout-app';
import { Section } from '#/features/auth/section';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) => requireSection(context, location, 'app'),
  component: () => (
    <Section>
      <LayoutApp />
    </Section>
  ),
  errorComponent: SectionError,
  notFoundComponent: PageNotFound,
});
