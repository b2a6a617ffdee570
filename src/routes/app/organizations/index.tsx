import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQuery } from '#/features/organizations/organizations.queries';
import { PageOrganizations } from '#/features/organizations/page-organizations';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/app/organizations/')({
  staticData: { namespaces: ['organizations', 'authErrors'] },
  loader: ({ context }) => context.queries.ensure(myOrganizationsQuery()),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('nav.organizations')) }] }),
  component: PageOrganizations,
});
