import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EyeIcon, PencilIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ManagerList, nextSort, type SortOrder } from '#/components/manager-list';
import { ActionMenu, ActionMenuItem } from '#/components/ui/action-menu';
import { buttonVariants } from '#/components/ui/button';
import { FacetedFilter } from '#/components/ui/faceted-filter';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { BulkAction } from '#/components/bulk-action';
import { bookFacetsQuery, managerBooksInfiniteQuery } from './books.queries';
import { useList } from '#/lib/list-query';
import { BookCover } from '#/components/book-cover';
import type { Book } from './books.schema';

const route = getRouteApi('/manager/books/');

export function PageManagerBooks() {
  const { t } = useTranslation(['catalog', 'tables', 'common']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useList(managerBooksInfiniteQuery(search));
  const genres = useQuery(orpc.genres.list.queryOptions({ input: { searchTerm: '' } }));
  const facets = useQuery(bookFacetsQuery(search.searchTerm));
  const canCreate = usePermission({ book: ['create'] });
  const canUpdate = usePermission({ book: ['update'] });
  const canDelete = usePermission({ book: ['delete'] });
  const sort = { key: search.sort || 'title', order: (search.order || 'asc') as SortOrder };
  const setSearch = (values: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...values }), replace: true });
  const open = (book: Book) => void navigate({ to: '/manager/books/$id', params: { id: book.id } });

  const actions = (book: Book) => (
    <ActionMenu label={t('row.actions', { ns: 'tables', name: book.title })}>
      <ActionMenuItem onSelect={() => open(book)}>
        <EyeIcon aria-hidden />
        {t('row.open', { ns: 'tables' })}
      </ActionMenuItem>
      {canUpdate && (
        <ActionMenuItem onSelect={() => void navigate({ to: '/manager/books/$id/update', params: { id: book.id } })}>
          <PencilIcon aria-hidden />
          {t('row.edit', { ns: 'tables' })}
        </ActionMenuItem>
      )}
    </ActionMenu>
  );
  const titleLink = (book: Book) => (
    <Link to="/manager/books/$id" params={{ id: book.id }} className="font-medium underline-offset-2 hover:underline">
      <bdi>{book.title}</bdi>
    </Link>
  );
  const genreName = (book: Book) => <bdi>{book.genre?.name ?? t('books.noGenre')}</bdi>;

  const columns: ColumnDef<Book>[] = [
    {
      id: 'title',
      header: t('book.title'),
      enableHiding: false,
      meta: { sortKey: 'title' },
      cell: ({ row }) => (
        <span className="flex items-center gap-3">
          <BookCover book={row.original} className="w-5" lazy sizes="20px" />
          {titleLink(row.original)}
        </span>
      ),
    },
    { id: 'author', header: t('book.author'), meta: { sortKey: 'author' }, cell: ({ row }) => <bdi>{row.original.author}</bdi> },
    { id: 'genre', header: t('book.genre'), cell: ({ row }) => genreName(row.original) },
    { id: 'publisher', header: t('book.publisher'), cell: ({ row }) => row.original.publisher && <bdi>{row.original.publisher}</bdi> },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('manager.actions')}</span>,
      enableHiding: false,
      meta: { className: 'w-0' },
      cell: ({ row }) => actions(row.original),
    },
  ];

  return (
    <ManagerList<Book>
      title={t('nav.books', { ns: 'common' })}
      action={
        canCreate && (
          <Link to="/manager/books/new" className={buttonVariants()}>
            {t('manager.newBook')}
          </Link>
        )
      }
      searchLabel={t('books.search')}
      searchTerm={search.searchTerm}
      filters={
        <FacetedFilter
          title={t('filters.genre', { ns: 'tables' })}
          clearLabel={t('filters.clear', { ns: 'tables' })}
          counts={facets.data?.genreId}
          options={(genres.data ?? []).map((genre) => ({ value: genre.id, label: <bdi>{genre.name}</bdi> }))}
          value={search.genreId}
          onChange={(genreId) => setSearch({ genreId })}
        />
      }
      filtered={Boolean(search.genreId)}
      onClearFilters={() => setSearch({ genreId: '' })}
      columns={columns as ColumnDef<Book, unknown>[]}
      sort={sort}
      onSort={(key) => setSearch(nextSort(sort, key) as Partial<typeof search>)}
      list={list}
      getRowId={(book) => book.id}
      onOpen={open}
      emptyText={t('manager.empty')}
      rowLabel={(book) => book.title}
      bulkActions={
        canDelete
          ? (selected, clear) => (
              <BulkAction
                selected={selected}
                getRowId={(book) => book.id}
                rowLabel={(book) => book.title}
                run={(ids) => orpc.books.bulkDelete.call({ ids })}
                destructive
                label={t('bulk.delete')}
                title={(count) => t('bulk.deleteTitle', { count })}
                description={t('form.deleteDescription')}
                done={(count) => t('bulk.deleted', { count })}
                none={t('bulk.noneChanged')}
                failure={t('bulk.failed')}
                skipped={(title, reason) => `${title}: ${reason}`}
                invalidate={[orpc.books.key(), orpc.dashboard.key()]}
                onDone={clear}
              />
            )
          : undefined
      }
      renderCard={(book) => (
        <div className="flex items-start gap-3">
          <BookCover book={book} className="w-9" lazy sizes="36px" />
          <div className="flex min-w-0 flex-1 flex-col gap-1 break-words">
            {titleLink(book)}
            <bdi className="text-sm text-muted-foreground">{book.author}</bdi>
            <span className="text-xs text-muted-foreground">{genreName(book)}</span>
          </div>
          {actions(book)}
        </div>
      )}
    />
  );
}
