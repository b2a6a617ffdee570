import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router';
import { BookOpenIcon, MonitorSmartphoneIcon, TagsIcon, TrendingDownIcon, TrendingUpIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayName } from '#/components/display-name';
import { Avatar } from '#/components/ui/avatar';
import { buttonVariants } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { PageHeader } from '#/components/ui/page-header';
import { BookCover } from '#/components/book-cover';
import { formatNumber } from '#/lib/i18n/format';
import { useDates } from '#/lib/i18n/use-dates';
import { cn } from '#/lib/utils';
import { dashboardQuery } from './dashboard.queries';
import { DASHBOARD_RANGES } from './dashboard-range';
import type { Dashboard } from './dashboard.schema';
import { SignupsChart } from './signups-chart';

const route = getRouteApi('/manager/dashboard');

interface Stat {
  key: keyof Dashboard['counts'];
  label: string;
  icon: LucideIcon;
  /** None for sessions: no page lists them all. */
  link?: Pick<LinkProps, 'to' | 'search'>;
  trend?: Dashboard['trends']['users'];
  /** Under the value, in place of a trend. */
  footer?: ReactNode;
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
    { key: 'books', label: t('dashboard.books'), icon: BookOpenIcon, link: { to: '/manager/books' }, trend: data.trends.books },
    {
      key: 'activeSessions',
      label: t('dashboard.activeSessions'),
      icon: MonitorSmartphoneIcon,
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
    { key: 'genres', label: t('dashboard.genres'), icon: TagsIcon, link: { to: '/manager/books' } },
  ];
  const signups = data.signupsPerDay.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="flex w-full min-w-0 flex-col gap-6">
      <PageHeader title={t('dashboard.title')} actions={<RangeSwitch days={days} />} />
      {/* Each card a subgrid of the list's rows: the values line up however their labels wrap. */}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.key} stat={stat} value={data.counts[stat.key]} />
        ))}
      </dl>
      <Card data-testid="signups-chart">
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle>{t('dashboard.signupsTitle')}</CardTitle>
            <CardDescription>
              {t('dashboard.signupsDescription', { count: signups, total: number(signups) })} · {t(`dashboard.range.${days}`)}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <SignupsChart data={data.signupsPerDay} />
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
              <Link to="/manager/users/$id" params={{ id: u.id }} className={linkClass} dir="auto">
                {/* Someone who has not given a name yet is their e-mail (one isolated run, cut at its end). */}
                {u.name?.trim() ? <DisplayName name={u.name} /> : <bdi>{u.email}</bdi>}
              </Link>
            ),
            secondary: u.name?.trim() ? u.email : null,
            createdAt: u.createdAt,
          }))}
        />
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
  const Icon = stat.icon;
  return (
    <div
      className={cn(
        'relative row-span-3 grid min-w-0 grid-rows-subgrid gap-y-1 rounded-xl border bg-card p-4 shadow-xs sm:p-5',
        stat.link && 'hover:bg-muted/50',
      )}
      data-testid={`count-${stat.key}`}
    >
      <dt className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
        {stat.link ? (
          // The link's ::after covers the whole card, so the card opens the list.
          <Link {...stat.link} className="break-words after:absolute after:inset-0 after:rounded-xl hover:underline">
            {stat.label}
          </Link>
        ) : (
          <span className="break-words">{stat.label}</span>
        )}
        <Icon aria-hidden className="size-4 shrink-0" />
      </dt>
      <dd className="text-3xl font-semibold tabular-nums">{formatNumber(value, i18n.language)}</dd>
      <dd className="relative text-xs text-muted-foreground" data-testid={stat.trend ? `trend-${stat.key}` : undefined}>
        {stat.trend ? <Trend trend={stat.trend} language={i18n.language} /> : stat.footer}
      </dd>
    </div>
  );
}

function Trend({ trend, language }: { trend: Dashboard['trends']['users']; language: string }) {
  const { t } = useTranslation('users');
  if (trend.previous === 0) return <>{t('dashboard.trendNew', { count: trend.current, total: formatNumber(trend.current, language) })}</>;
  const change = (trend.current - trend.previous) / trend.previous;
  const percent = formatNumber(change, language, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const Icon = change < 0 ? TrendingDownIcon : TrendingUpIcon;
  return (
    <span className={cn('inline-flex items-center gap-1', change > 0 && 'text-success', change < 0 && 'text-destructive')}>
      {change !== 0 && <Icon aria-hidden className="size-3.5 rtl:-scale-x-100" />}
      {t('dashboard.trendChange', { change: percent })}
    </span>
  );
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
                {/* dir="auto": a Latin e-mail in Arabic is cut at its own end, aligned with the page. */}
                {item.secondary && (
                  <span className="truncate text-muted-foreground align-with-page" dir="auto">
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
