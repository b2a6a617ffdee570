/** /manager/organizations: the organisations table. */
import type { ColumnDef } from '@tanstack/react-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ManagerList, nextSort, type SortOrder } from '#/components/manager-list';
import { Avatar } from '#/components/ui/avatar';
import { useDates } from '#/lib/i18n/use-dates';
import { useList } from '#/lib/list-query';
import type { ManagerOrganization } from './organizations.schema';
import { managerOrganizationsInfiniteQuery } from './organizations.queries';

const route = getRouteApi('/manager/organizations/');

export function PageManagerOrganizations() {
  const { t } = useTranslation(['organizations', 'tables']);
  const dates = useDates();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useList(managerOrganizationsInfiniteQuery(search));
  const sortKey = search.sort || 'createdAt';
  const sort = { key: sortKey, order: (search.order || (sortKey === 'createdAt' ? 'desc' : 'asc')) as SortOrder };
  const setSearch = (values: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...values }), replace: true });
  const open = (o: ManagerOrganization) => void navigate({ to: '/manager/organizations/$id', params: { id: o.id } });
  const created = (date: Date) => dates.date(date, { dateStyle: 'medium' });
  const nameLink = (o: ManagerOrganization) => (
    <Link to="/manager/organizations/$id" params={{ id: o.id }} className="font-medium underline-offset-2 hover:underline">
      <bdi className="wrap-anywhere">{o.name}</bdi>
    </Link>
  );

  const columns: ColumnDef<ManagerOrganization>[] = [
    {
      id: 'name',
      header: t('manager.name'),
      enableHiding: false,
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <Avatar id={row.original.id} name={row.original.name} src={row.original.logo} size="xs" square lazy />
          {nameLink(row.original)}
        </span>
      ),
    },
    { id: 'slug', header: t('manager.slug'), cell: ({ row }) => <bdi dir="ltr">{row.original.slug}</bdi> },
    { id: 'members', header: t('manager.members'), cell: ({ row }) => row.original.memberCount },
    {
      id: 'createdAt',
      header: t('manager.created'),
      meta: { sortKey: 'createdAt', className: 'whitespace-nowrap' },
      cell: ({ row }) => created(row.original.createdAt),
    },
  ];

  return (
    <ManagerList<ManagerOrganization>
      title={t('manager.title')}
      searchLabel={t('manager.search')}
      searchTerm={search.searchTerm}
      columns={columns as ColumnDef<ManagerOrganization, unknown>[]}
      sort={sort}
      onSort={(key) => setSearch(nextSort(sort, key, key === 'createdAt' ? 'desc' : 'asc') as Partial<typeof search>)}
      list={list}
      getRowId={(o) => o.id}
      onOpen={open}
      emptyText={t('manager.empty')}
      renderCard={(o) => (
        <div className="flex items-start gap-3">
          <Avatar id={o.id} name={o.name} src={o.logo} size="md" square lazy />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
            {nameLink(o)}
            <span className="truncate text-muted-foreground">
              <bdi dir="ltr">{o.slug}</bdi>
            </span>
            <span className="text-muted-foreground">
              {t('overview.members', { count: o.memberCount })} · {created(o.createdAt)}
            </span>
          </div>
        </div>
      )}
    />
  );
}
