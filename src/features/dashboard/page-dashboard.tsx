/** /manager/dashboard: the counts, and the newest users and books, each linking to its page. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DisplayName } from '#/features/auth/display-name';
import { formatDate } from '#/lib/i18n/format';
import { dashboardQuery } from './dashboard.queries';
import type { Dashboard } from './dashboard.schema';

const card = 'rounded-lg border border-neutral-200 p-4 dark:border-neutral-800';

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
  const day = (date: Date) => formatDate(date, i18n.language, { dateStyle: 'medium' });
  return (
    <div className="flex w-full flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('dashboard.title')}</h1>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([key, label]) => (
          <div key={key} className={card} data-testid={`count-${key}`}>
            <dt className="text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{data.counts[key].toLocaleString(i18n.language)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="newest-users" className={card}>
          <h2 id="newest-users" className="mb-2 font-semibold">
            {t('dashboard.newestUsers')}
          </h2>
          {data.newestUsers.length === 0 && <p className="text-sm">{t('dashboard.nothing')}</p>}
          <ul className="flex flex-col gap-2">
            {data.newestUsers.map((u) => (
              <li key={u.id} className="flex items-baseline justify-between gap-2 text-sm">
                <Link to="/manager/users/$id" params={{ id: u.id }} className="truncate font-medium underline-offset-2 hover:underline">
                  <DisplayName name={u.name} /> <span className="font-normal text-neutral-700 dark:text-neutral-300">{u.email}</span>
                </Link>
                <span className="shrink-0 text-neutral-700 dark:text-neutral-300">{day(u.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="newest-books" className={card}>
          <h2 id="newest-books" className="mb-2 font-semibold">
            {t('dashboard.newestBooks')}
          </h2>
          {data.newestBooks.length === 0 && <p className="text-sm">{t('dashboard.nothing')}</p>}
          <ul className="flex flex-col gap-2">
            {data.newestBooks.map((b) => (
              <li key={b.id} className="flex items-baseline justify-between gap-2 text-sm">
                <Link to="/manager/books/$id" params={{ id: b.id }} className="truncate font-medium underline-offset-2 hover:underline">
                  {b.title} <span className="font-normal text-neutral-700 dark:text-neutral-300">{b.author}</span>
                </Link>
                <span className="shrink-0 text-neutral-700 dark:text-neutral-300">{day(b.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
