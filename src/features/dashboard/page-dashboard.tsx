import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { BookOpenIcon, MonitorSmartphoneIcon, ShieldCheckIcon, TagsIcon, UserXIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayName } from '#/components/display-name';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { PageHeader } from '#/components/ui/page-header';
import { formatNumber } from '#/lib/i18n/format';
import { useDates } from '#/lib/i18n/use-dates';
import { cn } from '#/lib/utils';
import { dashboardQuery } from './dashboard.queries';
import type { Dashboard } from './dashboard.schema';
import { SignupsChart } from './signups-chart';

// min-w-0: a grid or flex item may shrink below its content (long names and e-mails truncate, at 375 px too).
const card = 'min-w-0 rounded-lg border p-4';

interface Stat {
  key: keyof Dashboard['counts'];
  label: string;
  icon: LucideIcon;
  /** None for sessions: no page lists them all. */
  link?: Pick<LinkProps, 'to' | 'search'>;
  trend?: Dashboard['trends']['users'];
}

export function PageDashboard() {
  const { t, i18n } = useTranslation('users');
  const { data } = useSuspenseQuery(dashboardQuery);
  const stats: Stat[] = [
    { key: 'users', label: t('dashboard.users'), icon: UsersIcon, link: { to: '/manager/users' }, trend: data.trends.users },
    { key: 'admins', label: t('dashboard.admins'), icon: ShieldCheckIcon, link: { to: '/manager/users', search: { role: 'admin' } } },
    { key: 'banned', label: t('dashboard.banned'), icon: UserXIcon, link: { to: '/manager/users', search: { status: 'banned' } } },
    { key: 'books', label: t('dashboard.books'), icon: BookOpenIcon, link: { to: '/manager/books' }, trend: data.trends.books },
    { key: 'genres', label: t('dashboard.genres'), icon: TagsIcon, link: { to: '/manager/books' } },
    { key: 'activeSessions', label: t('dashboard.activeSessions'), icon: MonitorSmartphoneIcon },
  ];
  const signups = data.signupsPerDay.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="flex w-full min-w-0 flex-col gap-6">
      <PageHeader title={t('dashboard.title')} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {stats.map((stat) => (
          <StatCard key={stat.key} stat={stat} value={data.counts[stat.key]} />
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <NewestList
          id="newest-users"
          title={t('dashboard.newestUsers')}
          items={data.newestUsers.map((u) => ({
            key: u.id,
            link: (
              <Link to="/manager/users/$id" params={{ id: u.id }} className={linkClass} dir="auto">
                {/* Someone who has not given a name yet is their e-mail (one isolated run, cut at its end). */}
                {u.name?.trim() ? (
                  <>
                    <DisplayName name={u.name} />{' '}
                    <Secondary>
                      <bdi>{u.email}</bdi>
                    </Secondary>
                  </>
                ) : (
                  <bdi>{u.email}</bdi>
                )}
              </Link>
            ),
            createdAt: u.createdAt,
          }))}
        />
        <NewestList
          id="newest-books"
          title={t('dashboard.newestBooks')}
          items={data.newestBooks.map((b) => ({
            key: b.id,
            link: (
              <Link to="/manager/books/$id" params={{ id: b.id }} className={linkClass} dir="auto">
                <bdi>{b.title}</bdi>{' '}
                <Secondary>
                  <bdi>{b.author}</bdi>
                </Secondary>
              </Link>
            ),
            createdAt: b.createdAt,
          }))}
        />
      </div>
      <Card data-testid="signups-chart">
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle>{t('dashboard.signupsTitle')}</CardTitle>
            <CardDescription>
              {t('dashboard.signupsDescription', { count: signups, total: formatNumber(signups, i18n.language) })}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <SignupsChart data={data.signupsPerDay} />
        </CardContent>
      </Card>
    </div>
  );
}

function StatCard({ stat, value }: { stat: Stat; value: number }) {
  const { i18n } = useTranslation('users');
  const Icon = stat.icon;
  return (
    <div className={cn(card, 'relative flex flex-col gap-1', stat.link && 'hover:bg-muted/50')} data-testid={`count-${stat.key}`}>
      <dt className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
        {stat.link ? (
          // The link's ::after covers the whole card, so the card opens the list.
          <Link {...stat.link} className="break-words after:absolute after:inset-0 after:rounded-lg hover:underline">
            {stat.label}
          </Link>
        ) : (
          <span className="break-words">{stat.label}</span>
        )}
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value, i18n.language)}</dd>
      {stat.trend && (
        <dd className="text-xs text-muted-foreground" data-testid={`trend-${stat.key}`}>
          <Trend trend={stat.trend} language={i18n.language} />
        </dd>
      )}
    </div>
  );
}

function Trend({ trend, language }: { trend: Dashboard['trends']['users']; language: string }) {
  const { t } = useTranslation('users');
  if (trend.previous === 0) return <>{t('dashboard.trendNew', { count: trend.current, total: formatNumber(trend.current, language) })}</>;
  const change = (trend.current - trend.previous) / trend.previous;
  const percent = formatNumber(change, language, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  return (
    <span className={cn(change > 0 && 'text-success', change < 0 && 'text-destructive')}>
      {t('dashboard.trendChange', { change: percent })}
    </span>
  );
}

// dir="auto" on the links: truncated in the direction of what they show (the ellipsis at its end).
const linkClass = 'min-w-0 truncate font-medium underline-offset-2 hover:underline';
const Secondary = ({ children }: { children: ReactNode }) => <span className="font-normal text-muted-foreground">{children}</span>;

function NewestList({ id, title, items }: { id: string; title: string; items: Array<{ key: string; link: ReactNode; createdAt: Date }> }) {
  const { t } = useTranslation('users');
  const dates = useDates();
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {items.length === 0 && <p className="text-sm">{t('dashboard.nothing')}</p>}
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.key} className="flex items-baseline justify-between gap-2 text-sm">
            {item.link}
            <time
              dateTime={new Date(item.createdAt).toISOString()}
              title={dates.dateTime(item.createdAt)}
              className="shrink-0 text-muted-foreground"
              suppressHydrationWarning
            >
              {dates.relative(item.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
