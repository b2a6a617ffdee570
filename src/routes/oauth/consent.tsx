import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#/features/auth/guards';
import { OnboardingGate } from '#/features/auth/onboarding-gate';
import { Section } from '#/features/auth/section';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { consentRequestQuery } from '#/features/connected-apps/connected-apps.queries';
import { consentSearch } from '#/features/connected-apps/connected-apps.schema';
import { authorizeAgain, rawQuery } from '#/features/connected-apps/oauth-query';
import { PageConsent } from '#/features/connected-apps/page-consent';
import { LayoutApp } from '#/layout/app/layout-app';
import { SectionError, SectionNotFound } from '#/layout/section-pages';
import { loadQuery, orNotFound } from '#/lib/query-client';

// Where Better Auth's OAuth provider sends a person an MCP client asks for (src/server/oauth-agents.ts). Signed
// out: /login?redirect=<this address, its signed query kept>, and back here once signed in.
export const Route = createFileRoute('/oauth/consent')({
  staticData: { title: 'account:connectedApps.title', namespaces: ['account'] },
  validateSearch: consentSearch,
  // Signed out, the sign-in comes back through the client's authorization request, not to this address: a query
  // the router has rewritten would no longer be the one the plugin signed (src/features/connected-apps/oauth-query.ts).
  beforeLoad: async ({ context }) => {
    const query = rawQuery();
    return { ...(await requireSection(context, { href: query ? authorizeAgain(query) : '/oauth/consent' }, 'app')), query };
  },
  loaderDeps: ({ search }) => search,
  // Opened without a client (a bookmark, a query cut short): the page says where it comes from. An unknown or
  // disabled client is this section's 404.
  loader: async ({ context, deps }) => {
    if (deps.client_id) await orNotFound(loadQuery(context.queryClient, consentRequestQuery(deps)));
    return { oauthQuery: context.query };
  },
  component: ConsentPage,
  errorComponent: (props) => <SectionError section="app" shells={{ app: LayoutApp }} {...props} />,
  notFoundComponent: () => <SectionNotFound section="app" shells={{ app: LayoutApp }} />,
});

function ConsentPage() {
  const user = useCurrentUser();
  return (
    <Section>
      <OnboardingGate user={user}>
        <PageConsent />
      </OnboardingGate>
    </Section>
  );
}
