import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EyeIcon, PencilIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BulkAction } from '#/components/bulk-action';
import { EmailAddress } from '#/components/email-address';
import { ManagerList, nextSort, type SortOrder } from '#/components/manager-list';
import { ActionMenu, ActionMenuItem } from '#/components/ui/action-menu';
import { buttonVariants } from '#/components/ui/button';
import { FacetedFilter } from '#/components/ui/faceted-filter';
import { DisplayName } from '#/components/display-name';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { useDates } from '#/lib/i18n/use-dates';
import { useList } from '#/lib/list-query';
import { RoleBadges, StatusBadge, UserAvatar } from './user-badges';
import type { ManagedUser } from './users.schema';
import { userFacetsQuery, usersInfiniteQuery } from './users.queries';

const route = getRouteApi('/manager/users/');

export function PageManagerUsers() {
  const { t } = useTranslation(['users', 'tables', 'common']);
  const dates = useDates();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useList(usersInfiniteQuery(search));
  const facets = useQuery(userFacetsQuery(search));
  const canEdit = usePermission({ user: ['create', 'set-role'] });
  const canBan = usePermission({ user: ['ban'] });
  const canDelete = usePermission({ user: ['delete'] });
  const sortKey = search.sort || 'createdAt';
  const sort = { key: sortKey, order: (search.order || (sortKey === 'createdAt' ? 'desc' : 'asc')) as SortOrder };
  const setSearch = (values: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...values }), replace: true });
  const open = (user: ManagedUser) => void navigate({ to: '/manager/users/$id', params: { id: user.id } });

  const actions = (user: ManagedUser) => (
    <ActionMenu label={t('row.actions', { ns: 'tables', name: user.name || user.email })}>
      <ActionMenuItem onSelect={() => open(user)}>
        <EyeIcon aria-hidden />
        {t('row.open', { ns: 'tables' })}
      </ActionMenuItem>
      {canEdit && (
        <ActionMenuItem onSelect={() => void navigate({ to: '/manager/users/$id/update', params: { id: user.id } })}>
          <PencilIcon aria-hidden />
          {t('row.edit', { ns: 'tables' })}
        </ActionMenuItem>
      )}
    </ActionMenu>
  );
  const nameLink = (user: ManagedUser) => (
    <Link to="/manager/users/$id" params={{ id: user.id }} className="font-medium underline-offset-2 hover:underline">
      <DisplayName name={user.name} fallback={user.email} />
    </Link>
  );

  const columns: ColumnDef<ManagedUser>[] = [
    {
      id: 'name',
      header: t('list.name'),
      enableHiding: false,
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <UserAvatar user={row.original} size="xs" />
          {nameLink(row.original)}
        </span>
      ),
    },
    {
      id: 'email',
      header: t('list.email'),
      meta: { sortKey: 'email' },
      cell: ({ row }) => <EmailAddress email={row.original.email} whole />,
    },
    { id: 'role', header: t('list.role'), cell: ({ row }) => <RoleBadges role={row.original.role} /> },
    { id: 'status', header: t('list.status'), cell: ({ row }) => <StatusBadge banned={row.original.banned} /> },
    {
      id: 'createdAt',
      header: t('list.joined'),
      meta: { sortKey: 'createdAt', className: 'whitespace-nowrap' },
      cell: ({ row }) => dates.date(row.original.createdAt, { dateStyle: 'medium' }),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('list.actions')}</span>,
      enableHiding: false,
      meta: { className: 'w-0' },
      cell: ({ row }) => actions(row.original),
    },
  ];

  return (
    <ManagerList<ManagedUser>
      title={t('nav.users', { ns: 'common' })}
      action={
        canEdit && (
          <Link to="/manager/users/new" className={buttonVariants()}>
            {t('list.newUser')}
          </Link>
        )
      }
      searchLabel={t('list.search')}
      searchTerm={search.searchTerm}
      filters={
        <>
          <FacetedFilter
            title={t('filters.role', { ns: 'tables' })}
            clearLabel={t('filters.clear', { ns: 'tables' })}
            counts={facets.data?.role}
            options={[
              { value: 'admin', label: t('roles.admin') },
              { value: 'user', label: t('roles.user') },
            ]}
            value={search.role}
            onChange={(role) => setSearch({ role: role as typeof search.role })}
          />
          <FacetedFilter
            title={t('filters.status', { ns: 'tables' })}
            clearLabel={t('filters.clear', { ns: 'tables' })}
            counts={facets.data?.status}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'banned', label: t('status.banned') },
            ]}
            value={search.status}
            onChange={(status) => setSearch({ status: status as typeof search.status })}
          />
        </>
      }
      filtered={Boolean(search.role || search.status)}
      onClearFilters={() => setSearch({ role: '', status: '' })}
      columns={columns as ColumnDef<ManagedUser, unknown>[]}
      sort={sort}
      onSort={(key) => setSearch(nextSort(sort, key, key === 'createdAt' ? 'desc' : 'asc') as Partial<typeof search>)}
      list={list}
      getRowId={(user) => user.id}
      onOpen={open}
      emptyText={t('list.empty')}
      rowLabel={(user) => user.name || user.email}
      bulkActions={
        canBan || canDelete
          ? (selected, clear) => {
              const common = {
                selected,
                getRowId: (user: ManagedUser) => user.id,
                rowLabel: (user: ManagedUser) => user.email,
                none: t('bulk.noneChanged'),
                failure: t('bulk.failed'),
                skipped: (email: string, reason: string) => t('bulk.skipped', { email, reason }),
                invalidate: [orpc.users.key(), orpc.dashboard.key()],
                onDone: clear,
              };
              return (
                <>
                  {canBan && (
                    <>
                      <BulkAction
                        {...common}
                        run={(ids) => orpc.users.bulkBan.call({ ids })}
                        label={t('bulk.ban')}
                        title={(count) => t('bulk.banTitle', { count })}
                        description={t('detail.banDescription')}
                        done={(count) => t('bulk.banned', { count })}
                      />
                      <BulkAction
                        {...common}
                        run={(ids) => orpc.users.bulkUnban.call({ ids })}
                        label={t('bulk.unban')}
                        title={(count) => t('bulk.unbanTitle', { count })}
                        description={t('bulk.unbanDescription')}
                        done={(count) => t('bulk.unbanned', { count })}
                      />
                    </>
                  )}
                  {canDelete && (
                    <BulkAction
                      {...common}
                      destructive
                      run={(ids) => orpc.users.bulkDelete.call({ ids })}
                      label={t('bulk.delete')}
                      title={(count) => t('bulk.deleteTitle', { count })}
                      description={t('detail.deleteDescription')}
                      done={(count) => t('bulk.deleted', { count })}
                    />
                  )}
                </>
              );
            }
          : undefined
      }
      renderCard={(user) => (
        <div className="flex items-start gap-3">
          <UserAvatar user={user} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            {/* Ends in '…' at the end of its own script's line, aligned as the page. */}
            <bdi className="truncate rtl:text-right">{nameLink(user)}</bdi>
            <EmailAddress email={user.email} className="text-sm rtl:text-right text-muted-foreground" />
            <div className="flex flex-wrap gap-1">
              <RoleBadges role={user.role} />
              <StatusBadge banned={user.banned} />
            </div>
          </div>
          {actions(user)}
        </div>
      )}
    />
  );
}
