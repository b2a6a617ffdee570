import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#/features/auth/guards';
import { LayoutApp } from '#/layout/app/layout-app';
import { SectionError, SectionNotFound } from '#/layout/section-pages';
import { LayoutManager } from '#/layout/manager/layout-manager';
import { Section } from '#/features/auth/section';

export const Route = createFileRoute('/manager')({
  beforeLoad: ({ context, location }) => requireSection(context, location, 'manager'),
  component: () => (
    <Section>
      <LayoutManager />
    </Section>
  ),
  errorComponent: (props) => <SectionError section="manager" shells={{ app: LayoutApp, manager: LayoutManager }} {...props} />,
  notFoundComponent: () => <SectionNotFound section="manager" shells={{ app: LayoutApp, manager: LayoutManager }} />,
});
