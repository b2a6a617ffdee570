import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#/features/auth/guards';
import { Section } from '#/features/auth/section';
import { invitationQuery } from '#/features/organizations/organizations.queries';
import { PageInvitation } from '#/features/organizations/page-invitation';
import { LayoutApp } from '#/layout/app/layout-app';
import { SectionError, SectionNotFound } from '#/layout/section-pages';
import { orNotFound } from '#/lib/query-client';

// Signed out: /login?redirect=/invitations/{id}, and back here once signed in (or signed up).
export const Route = createFileRoute('/invitations/$id')({
  staticData: { title: 'organizations:invitation.title', namespaces: ['organizations', 'authErrors'] },
  beforeLoad: ({ context, location }) => requireSection(context, location, 'app'),
  loader: ({ context, params }) => orNotFound(context.queryClient.ensureQueryData(invitationQuery(params.id))),
  component: () => (
    <Section>
      <PageInvitation />
    </Section>
  ),
  errorComponent: (props) => <SectionError section="app" shells={{ app: LayoutApp }} {...props} />,
  notFoundComponent: () => <SectionNotFound section="app" shells={{ app: LayoutApp }} />,
});
