import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#/features/auth/guards';
import { SectionError, SectionNotFound } from '#/layout/section-pages';
import { LayoutApp } from '#/layout/app/layout-app';
import { Section } from '#/features/auth/section';
import { myOrganizationsQuery } from '#/features/organizations/organizations.queries';
import { loadQuery } from '#/lib/query-client';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) => requireSection(context, location, 'app'),
  // The top bar's organisation switcher: rendered with the page, not read after it hydrates (a
  // second request, and the bar changing under the reader).
  loader: ({ context }) => loadQuery(context.queryClient, myOrganizationsQuery()),
  component: () => (
    <Section>
      <LayoutApp />
    </Section>
  ),
  errorComponent: (props) => <SectionError section="app" shells={{ app: LayoutApp }} {...props} />,
  notFoundComponent: () => <SectionNotFound section="app" shells={{ app: LayoutApp }} />,
});
