import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router';
import { MonitorSmartphoneIcon, TrendingDownIcon, TrendingUpIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayName } from '#/components/display-name';
import { EmailAddress } from '#/components/email-address';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { buttonVariants } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { StatCard as SharedStatCard, statCardFinish, statCardLinkClass } from '#/components/stat-card';
import { PageHeader } from '#/components/ui/page-header';
import { formatNumber } from '#/lib/i18n/format';
import { useDates } from '#/lib/i18n/use-dates';
import { cn } from '#/lib/utils';
import { dashboardQuery } from './dashboard.queries';
import { DASHBOARD_RANGES } from './dashboard-range';
import type { Dashboard } from './dashboard.schema';
import { SignupsChart } from './signups-chart';
// example:start
import { BookOpenIcon, TagsIcon } from 'lucide-react';
import { BookCover } from '#/components/book-cover';
// example:end

const route = getRouteApi('/manager/dashboard');

interface Stat {
  key: keyof Dashboard['counts'];
  label: string;
  icon: LucideIcon;
  /** None for sessions: no page lists them all. */
  link?: Pick<LinkProps, 'to' | 'search'>;
  trend?: Dashboard['trends']['users'];
  /** Beside the label where there is no trend: what the value covers ('Now', 'All time'). */
  badge?: string;
  /** The footer's first line, in place of the trend's. */
  footer?: ReactNode;
  /** The footer's second, quiet line. */
  note?: ReactNode;
}

export function PageDashboard() {
  const { t, i18n } = useTranslation('users');
  const { days } = route.useSearch();
  const { data } = useSuspenseQuery(dashboardQuery(days));
  const number = (n: number) => formatNumber(n, i18n.language);
  const stats: Stat[] = [
    {
      key: 'users',
      label: t('dashboard.users'),
      icon: UsersIcon,
      link: { to: '/manager/users' },
      trend: data.trends.users,
    },
    // example:start
    { key: 'books', label: t('dashboard.books'), icon: BookOpenIcon, link: { to: '/manager/books' }, trend: data.trends.books },
    // example:end
    {
      key: 'activeSessions',
      label: t('dashboard.activeSessions'),
      icon: MonitorSmartphoneIcon,
      badge: t('dashboard.now'),
      note: t('dashboard.sessionsFooter'),
      // The people behind the numbers: admins and banned accounts, each a filtered list.
      footer: (
        <>
          <Link to="/manager/users" search={{ role: 'admin' }} className="hover:underline" data-testid="count-admins">
            {t('dashboard.adminsCount', { count: data.counts.admins, total: number(data.counts.admins) })}
          </Link>
          {' · '}
          <Link to="/manager/users" search={{ status: 'banned' }} className="hover:underline" data-testid="count-banned">
            {t('dashboard.bannedCount', { count: data.counts.banned, total: number(data.counts.banned) })}
          </Link>
        </>
      ),
    },
    // example:start
    {
      key: 'genres',
      label: t('dashboard.genres'),
      icon: TagsIcon,
      link: { to: '/manager/books' },
      badge: t('dashboard.allTime'),
      footer: t('dashboard.genresFooter'),
    },
    // example:end
  ];
  const signups = data.signupsPerDay.reduce((sum, d) => sum + d.count, 0);
  const series: { books?: Array<{ day: string; count: number }> } = {};
  // example:start
  series.books = data.booksPerDay;
  // example:end
  return (
    <div className="flex w-full min-w-0 flex-col gap-6">
      <PageHeader title={t('dashboard.title')} actions={<RangeSwitch days={days} />} />
      {/* Each card a subgrid of the list's rows: the values line up however their labels wrap. */}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.key} stat={stat} value={data.counts[stat.key]} />
        ))}
      </dl>
      <Card data-testid="signups-chart" className={statCardFinish}>
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle>{t('dashboard.growthTitle')}</CardTitle>
            <CardDescription>
              {t('dashboard.signupsDescription', { count: signups, total: number(signups) })} · {t(`dashboard.range.${days}`)}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <SignupsChart data={data.signupsPerDay} {...series} />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <NewestList
          id="newest-users"
          title={t('dashboard.newestUsers')}
          all={{ to: '/manager/users', search: { sort: 'createdAt', order: 'desc' } }}
          items={data.newestUsers.map((u) => ({
            key: u.id,
            picture: <Avatar id={u.id} name={u.name} email={u.email} src={u.image} size="sm" lazy />,
            link: (
              <Link
                to="/manager/users/$id"
                params={{ id: u.id }}
                className={cn(linkClass, !u.name?.trim() && 'whitespace-normal')}
                dir="auto"
              >
                {/* Someone who has not given a name yet is their e-mail, whole, as the others' e-mails below their names. */}
                {u.name?.trim() ? <DisplayName name={u.name} /> : <EmailAddress email={u.email} />}
              </Link>
            ),
            secondary: u.name?.trim() ? <EmailAddress email={u.email} /> : null,
            createdAt: u.createdAt,
          }))}
        />
        {/* example:start */}
        <NewestList
          id="newest-books"
          title={t('dashboard.newestBooks')}
          all={{ to: '/manager/books' }}
          items={data.newestBooks.map((b) => ({
            key: b.id,
            picture: <BookCover book={b} className="w-7" lazy sizes="28px" />,
            link: (
              <Link to="/manager/books/$id" params={{ id: b.id }} className={linkClass} dir="auto">
                <bdi>{b.title}</bdi>
              </Link>
            ),
            secondary: b.author,
            createdAt: b.createdAt,
          }))}
        />
        {/* example:end */}
      </div>
    </div>
  );
}

/** Links, so the range is in the URL and works before hydration. */
function RangeSwitch({ days }: { days: number }) {
  const { t } = useTranslation('users');
  return (
    <nav aria-label={t('dashboard.rangeLabel')} className="inline-flex rounded-lg border bg-muted p-0.5">
      {DASHBOARD_RANGES.map((range) => (
        <Link
          key={range}
          to="/manager/dashboard"
          search={{ days: range }}
          className={cn(
            'rounded-md px-3 py-1 text-sm font-medium text-muted-foreground hover:text-foreground',
            range === days && 'bg-background text-foreground shadow-xs',
          )}
        >
          {t(`dashboard.range.${range}`)}
        </Link>
      ))}
    </nav>
  );
}

function StatCard({ stat, value }: { stat: Stat; value: number }) {
  const { i18n } = useTranslation('users');
  return (
    <SharedStatCard
      data-testid={`count-${stat.key}`}
      icon={stat.icon}
      interactive={Boolean(stat.link)}
      label={
        stat.link ? (
          // The link's ::after covers the whole card, so the card opens the list.
          <Link {...stat.link} className={statCardLinkClass}>
            {stat.label}
          </Link>
        ) : (
          <span className="break-words">{stat.label}</span>
        )
      }
      aside={
        stat.trend ? (
          <TrendBadge trend={stat.trend} language={i18n.language} />
        ) : (
          stat.badge && <Badge className="border bg-transparent">{stat.badge}</Badge>
        )
      }
      value={formatNumber(value, i18n.language)}
      footer={
        stat.trend ? (
          <>
            <TrendLine trend={stat.trend} />
            <span className="text-muted-foreground" data-testid={`trend-${stat.key}`}>
              <TrendText trend={stat.trend} language={i18n.language} />
            </span>
          </>
        ) : (
          <>
            <span className="font-medium">{stat.footer}</span>
            {stat.note && <span className="text-muted-foreground">{stat.note}</span>}
          </>
        )
      }
    />
  );
}

const change = (trend: Dashboard['trends']['users']) => (trend.previous === 0 ? null : (trend.current - trend.previous) / trend.previous);

/** The change in a badge, as dashboard-01's cards: '+12%', or 'New' when the period before had none. */
function TrendBadge({ trend, language }: { trend: Dashboard['trends']['users']; language: string }) {
  const { t } = useTranslation('users');
  const ratio = change(trend);
  const Icon = ratio !== null && ratio < 0 ? TrendingDownIcon : TrendingUpIcon;
  return (
    <Badge className="gap-1 border bg-transparent text-foreground" data-testid="trend-badge">
      {ratio !== 0 && <Icon aria-hidden className="size-3.5 rtl:-scale-x-100" />}
      {ratio === null
        ? t('dashboard.badgeNew')
        : formatNumber(ratio, language, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })}
    </Badge>
  );
}

function TrendLine({ trend }: { trend: Dashboard['trends']['users'] }) {
  const { t } = useTranslation('users');
  const ratio = change(trend);
  const up = ratio === null ? trend.current > 0 : ratio > 0;
  const down = ratio !== null && ratio < 0;
  const Icon = down ? TrendingDownIcon : TrendingUpIcon;
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-medium', up && 'text-success', down && 'text-destructive')}>
      {t(up ? 'dashboard.trendingUp' : down ? 'dashboard.trendingDown' : 'dashboard.steady')}
      {(up || down) && <Icon aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />}
    </span>
  );
}

function TrendText({ trend, language }: { trend: Dashboard['trends']['users']; language: string }) {
  const { t } = useTranslation('users');
  const ratio = change(trend);
  if (ratio === null) return <>{t('dashboard.trendNew', { count: trend.current, total: formatNumber(trend.current, language) })}</>;
  const percent = formatNumber(ratio, language, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  return <>{t('dashboard.trendChange', { change: percent })}</>;
}

// dir="auto" on the links: truncated in the direction of what they show (the ellipsis at its end).
const linkClass = 'min-w-0 truncate font-medium underline-offset-2 align-with-page hover:underline';

function NewestList({
  id,
  title,
  all,
  items,
}: {
  id: string;
  title: string;
  all: Pick<LinkProps, 'to' | 'search'>;
  items: Array<{ key: string; picture: ReactNode; link: ReactNode; secondary: ReactNode; createdAt: Date }>;
}) {
  const { t } = useTranslation('users');
  const dates = useDates();
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <Link {...all} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-my-1')}>
          {t('dashboard.viewAll')}
        </Link>
      </CardHeader>
      <CardContent>
        {items.length === 0 && <p className="text-sm text-muted-foreground">{t('dashboard.nothing')}</p>}
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.key} className="flex items-center gap-3 text-sm">
              {item.picture}
              <div className="flex min-w-0 flex-1 flex-col">
                {item.link}
                {/* Whole, not cut off: an e-mail wraps before its '@' on a phone; dir="auto": a Latin author in Arabic reads in its own order, aligned with the page. */}
                {item.secondary && (
                  <span className="wrap-break-word text-muted-foreground align-with-page" dir="auto">
                    {item.secondary}
                  </span>
                )}
              </div>
              <time
                dateTime={new Date(item.createdAt).toISOString()}
                title={dates.dateTime(item.createdAt)}
                className="shrink-0 text-xs text-muted-foreground"
                suppressHydrationWarning
              >
                {dates.relative(item.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
