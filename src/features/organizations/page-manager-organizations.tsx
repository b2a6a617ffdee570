/** /manager/organizations: every organisation, with search, member count and creation date. */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { Input } from '#/components/ui/input';
import { formatDate } from '#/lib/i18n/format';
import { useSearchInput } from '#/lib/use-search-input';
import { managerOrganizationsQuery } from './organizations.queries';

const route = getRouteApi('/manager/organizations/');

export function PageManagerOrganizations() {
  const { t, i18n } = useTranslation('organizations');
  const { searchTerm } = route.useSearch();
  const [term, setTerm] = useSearchInput(searchTerm);
  const searchId = useId();
  const { data: organizations = [] } = useQuery(managerOrganizationsQuery(searchTerm));
  return (
    <div className="flex w-full flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('manager.title')}</h1>
      <label htmlFor={searchId} className="sr-only">
        {t('manager.search')}
      </label>
      <Input id={searchId} type="search" placeholder={t('manager.search')} value={term} onChange={(e) => setTerm(e.target.value)} />
      <p className="text-sm text-neutral-700 dark:text-neutral-300" role="status">
        {t('manager.results', { count: organizations.length })}
      </p>
      <div
        className="relative overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800"
        tabIndex={0}
        role="region"
        aria-label={t('manager.title')}
      >
        <table className="w-full text-sm" data-testid="manager-organizations">
          <thead className="bg-neutral-50 dark:bg-neutral-900">
            <tr>
              <th className="p-3 text-start">{t('manager.name')}</th>
              <th className="p-3 text-start">{t('manager.slug')}</th>
              <th className="p-3 text-start">{t('manager.members')}</th>
              <th className="p-3 text-start">{t('manager.created')}</th>
            </tr>
          </thead>
          <tbody>
            {organizations.map((o) => (
              <tr key={o.id} className="border-t border-neutral-200 dark:border-neutral-800">
                <td className="p-3">
                  <span className="flex items-center gap-2">
                    <Avatar name={o.name} src={o.logo} size="sm" square lazy />
                    <Link to="/manager/organizations/$id" params={{ id: o.id }} className="font-medium underline-offset-2 hover:underline">
                      <bdi>{o.name}</bdi>
                    </Link>
                  </span>
                </td>
                <td className="p-3" dir="ltr">
                  {o.slug}
                </td>
                <td className="p-3">{o.memberCount}</td>
                <td className="p-3 whitespace-nowrap">{formatDate(o.createdAt, i18n.language, { dateStyle: 'medium' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {organizations.length === 0 && <p className="p-3 text-neutral-700 dark:text-neutral-300">{t('manager.empty')}</p>}
      </div>
    </div>
  );
}
