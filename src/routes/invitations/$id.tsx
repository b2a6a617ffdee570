import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#/features/auth/guards';
import { OnboardingGate } from '#/features/auth/onboarding-gate';
import { Section } from '#/features/auth/section';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { invitationQuery } from '#/features/organizations/organizations.queries';
import { PageInvitation } from '#/features/organizations/page-invitation';
import { LayoutApp } from '#/layout/app/layout-app';
import { SectionError, SectionNotFound } from '#/layout/section-pages';
import { loadQuery, orNotFound } from '#/lib/query-client';

// Signed out: /login?redirect=/invitations/{id}, and back here once signed in (or signed up);
// a new account gives its name first, here, and the invitation follows (with or without JavaScript).
export const Route = createFileRoute('/invitations/$id')({
  staticData: { title: 'organizations:invitation.title', namespaces: ['organizations', 'authErrors'] },
  beforeLoad: ({ context, location }) => requireSection(context, location, 'app'),
  loader: ({ context, params }) => orNotFound(loadQuery(context.queryClient, invitationQuery(params.id))),
  component: InvitationPage,
  errorComponent: (props) => <SectionError section="app" shells={{ app: LayoutApp }} {...props} />,
  notFoundComponent: () => <SectionNotFound section="app" shells={{ app: LayoutApp }} />,
});

function InvitationPage() {
  const user = useCurrentUser();
  return (
    <Section>
      <OnboardingGate user={user}>
        <PageInvitation />
      </OnboardingGate>
    </Section>
  );
}
