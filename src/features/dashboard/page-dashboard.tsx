/** /manager/dashboard: the counts, and the newest users and books, each linking to its page. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayName } from '#/components/display-name';
import { formatDate } from '#/lib/i18n/format';
import { dashboardQuery } from './dashboard.queries';
import type { Dashboard } from './dashboard.schema';

// min-w-0: a grid or flex item may shrink below its content (long names and e-mails truncate, at 375 px too).
const card = 'min-w-0 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800';

export function PageDashboard() {
  const { t, i18n } = useTranslation('users');
  const { data } = useSuspenseQuery(dashboardQuery);
  const counts: Array<[keyof Dashboard['counts'], string]> = [
    ['users', t('dashboard.users')],
    ['admins', t('dashboard.admins')],
    ['banned', t('dashboard.banned')],
    ['books', t('dashboard.books')],
    ['genres', t('dashboard.genres')],
    ['activeSessions', t('dashboard.activeSessions')],
  ];
  return (
    <div className="flex w-full min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('dashboard.title')}</h1>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([key, label]) => (
          <div key={key} className={card} data-testid={`count-${key}`}>
            <dt className="break-words text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{data.counts[key].toLocaleString(i18n.language)}</dd>
          </div>
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
                <DisplayName name={u.name} />{' '}
                <Secondary>
                  <bdi>{u.email}</bdi>
                </Secondary>
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
    </div>
  );
}

// dir="auto" on the links: truncated in the direction of what they show (the ellipsis at its end).
const linkClass = 'min-w-0 truncate font-medium underline-offset-2 hover:underline';
const Secondary = ({ children }: { children: ReactNode }) => (
  <span className="font-normal text-neutral-700 dark:text-neutral-300">{children}</span>
);

function NewestList({ id, title, items }: { id: string; title: string; items: Array<{ key: string; link: ReactNode; createdAt: Date }> }) {
  const { t, i18n } = useTranslation('users');
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
            <span className="shrink-0 text-neutral-700 dark:text-neutral-300">
              {formatDate(item.createdAt, i18n.language, { dateStyle: 'medium' })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
