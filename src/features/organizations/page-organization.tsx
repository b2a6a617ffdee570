// What the caller's role may not do is hidden or disabled here, and refused by the server anyway.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { MailIcon, UsersIcon, UsersRoundIcon, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isolatedSentence } from '#/components/isolated-sentence';
import { StatCard, statCardLinkClass } from '#/components/stat-card';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { TabNav, tabLinkClass } from '#/components/ui/tab-nav';
import { authClient } from '#/features/auth/auth-client';
import { formatNumber } from '#/lib/i18n/format';
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
  const { t, i18n } = useTranslation(['organizations', 'webhooks']);
  const dates = useDates();
  const { slug } = route.useParams();
  const { tab } = route.useSearch();
  const { data: org } = useQuery(organizationQuery(slug));
  const { run, pending } = useOrganizationAction();
  if (!org) return null;
  const rights = organizationRights(org.membership.role);
  const roleName = (role: string) => t(`roles.${role}` as 'roles.member', { defaultValue: role });
  const overviewStats: Array<{ tab: OrganizationTab; icon: LucideIcon; count: number; sentence: string; badge?: string }> = [
    { tab: 'members', icon: UsersIcon, count: org.members.length, sentence: t('overview.members', { count: org.members.length }) },
    { tab: 'teams', icon: UsersRoundIcon, count: org.teams.length, sentence: t('overview.teams', { count: org.teams.length }) },
    {
      tab: 'invitations',
      icon: MailIcon,
      count: org.invitations.length,
      sentence: t('overview.pending', { count: org.invitations.length }),
      badge: t('manager.statuses.pending'),
    },
  ];

  const sections: Record<OrganizationTab, React.ReactNode> = {
    overview: (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          {t('overview.created', { date: dates.date(org.createdAt) })} · {t('form.slug')}{' '}
          {/* Left to right, wherever the page's text starts. */}
          <bdi dir="ltr" className="inline-block">
            {org.slug}
          </bdi>
        </p>
        {/* The manager dashboard's cards: each opens its tab. */}
        <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          {overviewStats.map((stat) => (
            <StatCard
              key={stat.tab}
              data-testid={`organization-count-${stat.tab}`}
              interactive
              icon={stat.icon}
              label={
                <Link to="/app/organizations/$slug" params={{ slug }} search={{ tab: stat.tab }} className={statCardLinkClass}>
                  {t(`tabs.${stat.tab}`)}
                </Link>
              }
              aside={stat.badge && <Badge className="border bg-transparent">{stat.badge}</Badge>}
              value={formatNumber(stat.count, i18n.language)}
              footer={<span className="text-muted-foreground">{stat.sentence}</span>}
            />
          ))}
        </dl>
      </div>
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
