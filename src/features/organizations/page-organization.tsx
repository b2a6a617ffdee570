// What the caller's role may not do is hidden or disabled here, and refused by the server anyway.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isolatedSentence } from '#/components/isolated-sentence';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { TabNav, tabLinkClass } from '#/components/ui/tab-nav';
import { authClient } from '#/features/auth/auth-client';
import { useDates } from '#/lib/i18n/use-dates';
import { OrganizationInvitations } from './organization-invitations';
import { OrganizationMembers } from './organization-members';
import { OrganizationSettings } from './organization-settings';
import { OrganizationTeams } from './organization-teams';
import { ORGANIZATION_TABS, type OrganizationTab } from './organizations.search';
import { organizationQuery } from './organizations.queries';
import { organizationRights } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
// example:start
import { OrganizationShelf } from './organization-shelf';
// example:end

const route = getRouteApi('/app/organizations/$slug/');

/** `Webhooks`: the organisation's endpoints, from the webhooks feature (the route hands it over). */
export function PageOrganization({ Webhooks }: { Webhooks: ComponentType<{ slug: string }> }) {
  const { t } = useTranslation(['organizations', 'webhooks']);
  const dates = useDates();
  const { slug } = route.useParams();
  const { tab } = route.useSearch();
  const { data: org } = useQuery(organizationQuery(slug));
  const { run, pending } = useOrganizationAction();
  if (!org) return null;
  const rights = organizationRights(org.membership.role);
  const roleName = (role: string) => t(`roles.${role}` as 'roles.member', { defaultValue: role });

  const sections: Record<OrganizationTab, React.ReactNode> = {
    overview: (
      <>
        <p className="mb-3 text-sm text-muted-foreground">{t('overview.created', { date: dates.date(org.createdAt) })}</p>
        <dl className="grid gap-2 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">{t('tabs.members')}</dt>
            <dd>{t('overview.members', { count: org.members.length })}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('tabs.teams')}</dt>
            <dd>{t('overview.teams', { count: org.teams.length })}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('tabs.invitations')}</dt>
            <dd>{t('overview.pending', { count: org.invitations.length })}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('form.slug')}</dt>
            {/* Left to right, where the page's text starts (at the right in Arabic, beside its label). */}
            <dd>
              <bdi dir="ltr">{org.slug}</bdi>
            </dd>
          </div>
        </dl>
      </>
    ),
    members: <OrganizationMembers org={org} />,
    invitations: <OrganizationInvitations org={org} />,
    teams: <OrganizationTeams org={org} />,
    // example:start
    shelf: <OrganizationShelf org={org} />,
    // example:end
    webhooks: rights.manageWebhooks ? (
      <Webhooks slug={slug} />
    ) : (
      <p className="text-sm text-muted-foreground">{t('errors.ownersOnly', { ns: 'webhooks' })}</p>
    ),
    settings: <OrganizationSettings org={org} />,
  };
  // The webhooks tab is for owners; anyone else who opens it is told why it is empty.
  const tabs = ORGANIZATION_TABS.filter((key) => key !== 'webhooks' || rights.manageWebhooks);

  return (
    <div className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Avatar id={org.id} name={org.name} src={org.logo} size="md" square />
        <h1 className="min-w-0 text-2xl font-bold break-words">
          <bdi>{org.name}</bdi>
        </h1>
        {org.active ? (
          <Badge>{t('active')}</Badge>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={pending}
            onClick={() =>
              void run(
                () => authClient.organization.setActive({ organizationId: org.id }),
                isolatedSentence((word) => t('switched', { name: word(org.name) })),
              )
            }
          >
            {t('makeActive')}
          </Button>
        )}
        <span className="text-sm text-muted-foreground">{t('yourRole', { role: roleName(org.membership.role) })}</span>
      </div>
      <TabNav label={org.name}>
        {tabs.map((key) => (
          <li key={key}>
            <Link
              to="/app/organizations/$slug"
              params={{ slug }}
              search={{ tab: key }}
              aria-current={tab === key ? 'page' : undefined}
              className={tabLinkClass(tab === key)}
            >
              {t(`tabs.${key}`)}
            </Link>
          </li>
        ))}
      </TabNav>
      <section aria-label={t(`tabs.${tab}`)} data-testid={`organization-${tab}`}>
        {sections[tab]}
      </section>
      {!rights.manageMembers && tab === 'invitations' && <p className="text-sm text-muted-foreground">{t('invitations.notAllowed')}</p>}
    </div>
  );
}
