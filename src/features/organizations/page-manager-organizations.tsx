/**
 * /manager/organizations: every organisation, with search, member count and creation date — a
 * table from 640 px and cards below (like the manager's other lists), an empty state with 'Clear
 * search'. The plain table primitive, not TanStack Table: no sorting or paging to drive here.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Building2Icon, SearchXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '#/components/search-field';
import { Avatar } from '#/components/ui/avatar';
import { Button } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { PageHeader } from '#/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import { useDates } from '#/lib/i18n/use-dates';
import { useIsDesktop } from '#/lib/use-media-query';
import { useSearchInput } from '#/lib/use-search-input';
import { managerOrganizationsQuery } from './organizations.queries';

const route = getRouteApi('/manager/organizations/');

export function PageManagerOrganizations() {
  const { t } = useTranslation(['organizations', 'tables']);
  const dates = useDates();
  const { searchTerm } = route.useSearch();
  const [term, setTerm, clearSearch] = useSearchInput(searchTerm);
  const { data: organizations, isFetching } = useQuery(managerOrganizationsQuery(searchTerm));
  // One layout at a time: the table from 640 px (and on the server), cards below.
  const desktop = useIsDesktop();
  const created = (date: Date) => dates.date(date, { dateStyle: 'medium' });
  const nameLink = (o: { id: string; name: string }) => (
    <Link
      to="/manager/organizations/$id"
      params={{ id: o.id }}
      className="font-medium underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand"
    >
      <bdi className="break-words">{o.name}</bdi>
    </Link>
  );

  return (
    <div className="flex w-full flex-col gap-4">
      <PageHeader title={t('manager.title')} />
      <SearchField
        className="sm:max-w-sm"
        label={t('manager.search')}
        busyLabel={t('searching', { ns: 'tables' })}
        value={term}
        onChange={setTerm}
        busy={term.trim() !== searchTerm.trim() || isFetching}
      />
      {/* The count, when there is something to count (an empty list has its empty state). */}
      {organizations && organizations.length > 0 && (
        <p className="text-sm text-neutral-700 dark:text-neutral-300" role="status">
          {t('manager.results', { count: organizations.length })}
        </p>
      )}
      {organizations?.length === 0 ? (
        searchTerm ? (
          <EmptyState
            icon={<SearchXIcon />}
            title={t('empty.title', { ns: 'tables' })}
            description={t('empty.search', { ns: 'tables', searchTerm })}
            action={
              <Button variant="secondary" onClick={clearSearch}>
                {t('empty.clearSearch', { ns: 'tables' })}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<Building2Icon />} title={t('manager.empty')} />
        )
      ) : desktop ? (
        <Table data-testid="manager-organizations">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t('manager.name')}</TableHead>
              <TableHead scope="col">{t('manager.slug')}</TableHead>
              <TableHead scope="col">{t('manager.members')}</TableHead>
              <TableHead scope="col">{t('manager.created')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {organizations?.map((o) => (
              <TableRow key={o.id}>
                <TableCell>
                  <span className="flex items-center gap-2">
                    <Avatar name={o.name} src={o.logo} size="sm" square lazy />
                    {nameLink(o)}
                  </span>
                </TableCell>
                <TableCell>
                  <bdi dir="ltr">{o.slug}</bdi>
                </TableCell>
                <TableCell>{o.memberCount}</TableCell>
                <TableCell className="whitespace-nowrap">{created(o.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="list-cards">
          {organizations?.map((o) => (
            <li key={o.id} className="flex items-start gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
              <Avatar name={o.name} src={o.logo} size="md" square lazy />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                {nameLink(o)}
                <span className="truncate text-neutral-600 dark:text-neutral-400">
                  <bdi dir="ltr">{o.slug}</bdi>
                </span>
                <span className="text-neutral-700 dark:text-neutral-300">
                  {t('overview.members', { count: o.memberCount })} · {created(o.createdAt)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
