import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#/features/auth/guards';
import { SectionError, SectionNotFound } from '#/layout/section-pages';
import { LayoutApp } from '#/layout/app/layout-app';
import { Section } from '#/features/auth/section';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) => requireSection(context, location, 'app'),
  component: () => (
    <Section>
      <LayoutApp />
    </Section>
  ),
  errorComponent: (props) => <SectionError section="app" shells={{ app: LayoutApp }} {...props} />,
  notFoundComponent: () => <SectionNotFound section="app" shells={{ app: LayoutApp }} />,
});
