// The manager's data tables (books, users). Only their pages import this module, so the table
// library loads with them and nowhere else.
import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, LoaderCircleIcon, SearchXIcon, Settings2Icon, XIcon } from 'lucide-react';
import { SearchField } from '#/components/search-field';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '#/components/ui/button';
import { Checkbox } from '#/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { EmptyState } from '#/components/ui/empty-state';
import { isolatedSentence } from '#/components/isolated-sentence';
import { PageHeader } from '#/components/ui/page-header';
import { NoValue } from '#/components/ui/no-value';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import type { ListState } from '#/lib/list-query';
import { useIsDesktop } from '#/lib/use-media-query';
import { useSearchInput } from '#/lib/use-search-input';

export type SortOrder = 'asc' | 'desc';

/** What a column adds to TanStack Table's definition: the API's sort key, and cell classes. */
interface ManagerColumnMeta {
  /** The list API's `sort` value for this column; a column without one is not sortable. */
  sortKey?: string;
  /** Classes for the column's header and cells (`w-0` to keep an actions column narrow). */
  className?: string;
}

export interface ManagerListProps<T> {
  title: string;
  /** The "New …" link, when the role may create. */
  action?: ReactNode;
  searchLabel: string;
  /** The search term in the URL (the box puts a new one there). */
  searchTerm: string;
  /** The filter controls (`FacetedFilter`s bound to the URL). */
  filters?: ReactNode;
  /** A filter is set: a Reset button, and the empty state says so and offers to clear them. */
  filtered?: boolean;
  onClearFilters?: () => void;
  /** A cell rendering null, false or '' shows "—". Columns with `enableHiding: false` stay in the View menu's list out. */
  columns: ColumnDef<T, unknown>[];
  /** The order in the URL (the API's `sort` and `order`). */
  sort: { key: string; order: SortOrder };
  onSort: (key: string) => void;
  list: ListState<T>;
  getRowId: (item: T) => string;
  /** Opens an item (a click anywhere on its row or card). */
  onOpen: (item: T) => void;
  /** An item below 640 px: a card, with the same link and action menu as its row. */
  renderCard: (item: T) => ReactNode;
  /** What an empty list with no search or filter says ('No users yet'). */
  emptyText: string;
  /**
   * Rows may be selected (a checkbox on each, and one in the header for the loaded rows): the actions on the
   * selected ones, shown in a bar while there are some. `clear` empties the selection.
   */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  /** A row's name, for its checkbox's label ('Select Ada Lovelace'). */
  rowLabel?: (item: T) => string;
}

const orNoValue = (content: ReactNode) => (content == null || content === '' || content === false ? <NoValue /> : content);

// Not `flexRender`, which renders a function as a component: columns are new functions on every
// render, so every cell would remount and a cell's menu button would lose its focus.
function renderPart<C>(part: unknown, context: C): ReactNode {
  return typeof part === 'function' ? (part as (context: C) => ReactNode)(context) : (part as ReactNode);
}

/** A click on a link, a button or a menu inside a row is its own; anywhere else opens the row's item. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, [role="menu"], [role="menuitem"], input, label');

export function ManagerList<T>({ list, ...props }: ManagerListProps<T>) {
  const { t } = useTranslation(['tables', 'common']);
  const [term, setTerm, clearSearch] = useSearchInput(props.searchTerm);
  // Which columns show: for this visit to the page, as in shadcn/ui's data table.
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  // The selected rows' ids; only loaded rows count (a new search or filter leaves out the others).
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const selected = list.items.filter((item) => selectedIds.has(props.getRowId(item)));
  const clearSelection = () => setSelectedIds(new Set());
  const toggle = (item: T, on: boolean) =>
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(props.getRowId(item));
      else next.delete(props.getRowId(item));
      return next;
    });
  const allSelected = list.items.length > 0 && selected.length === list.items.length;
  const selectAll = (
    <Checkbox
      aria-label={t('select.all')}
      checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
      onCheckedChange={(on) => setSelectedIds(new Set(on === true ? list.items.map(props.getRowId) : []))}
      className="translate-y-0.5"
    />
  );
  const selectOne = (item: T) => (
    <Checkbox
      aria-label={t('select.row', { name: props.rowLabel?.(item) ?? props.getRowId(item) })}
      checked={selectedIds.has(props.getRowId(item))}
      onCheckedChange={(on) => toggle(item, on === true)}
      className="translate-y-0.5"
    />
  );
  const columns: ColumnDef<T, unknown>[] = props.bulkActions
    ? [
        {
          id: 'select',
          header: () => selectAll,
          enableHiding: false,
          meta: { className: 'w-0 pe-0' } satisfies ManagerColumnMeta,
          cell: ({ row }) => selectOne(row.original),
        },
        ...props.columns,
      ]
    : props.columns;
  // The table renders what the API sorted. The React Compiler skips this component (a mutable table object).
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table v8's documented use
  const table = useReactTable({
    data: list.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.getRowId,
    manualSorting: true,
    state: { columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
  });
  const searching = term.trim() !== props.searchTerm.trim() || list.fetching;
  const open = (item: T) => (event: MouseEvent) => {
    if (!fromControl(event)) props.onOpen(item);
  };
  const empty = list.loaded && list.items.length === 0;
  // One layout in the page at a time (no text twice for assistive technology): the table from
  // 640 px, cards below. The server renders the table; a phone swaps in the cards on hydration.
  const desktop = useIsDesktop();

  return (
    <div className="flex w-full flex-col gap-4">
      <PageHeader title={props.title} actions={props.action} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchField
          className="sm:max-w-sm"
          label={props.searchLabel}
          busyLabel={t('searching')}
          value={term}
          onChange={setTerm}
          busy={searching}
        />
        {(props.filters || desktop) && (
          <div className="flex flex-1 flex-wrap items-center gap-2">
            {props.filters}
            {props.filtered && props.onClearFilters && (
              <Button variant="ghost" size="sm" className="h-9" onClick={props.onClearFilters}>
                {t('filters.reset')}
                <XIcon aria-hidden />
              </Button>
            )}
            {desktop && (
              <DropdownMenu>
                <DropdownMenuTrigger className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'ms-auto h-9' })}>
                  <Settings2Icon aria-hidden />
                  {t('columns.view')}
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end" className="min-w-44">
                  <DropdownMenuLabel className="text-muted-foreground">{t('columns.toggle')}</DropdownMenuLabel>
                  {table
                    .getAllLeafColumns()
                    .filter((column) => column.getCanHide())
                    .map((column) => (
                      <DropdownMenuCheckboxItem
                        key={column.id}
                        checked={column.getIsVisible()}
                        onCheckedChange={(visible) => column.toggleVisibility(visible)}
                        // The menu stays open to toggle several.
                        onSelect={(event) => event.preventDefault()}
                      >
                        {renderPart(column.columnDef.header, undefined)}
                      </DropdownMenuCheckboxItem>
                    ))}
                </DropdownMenuContent>
              </DropdownMenu>
            )}
          </div>
        )}
      </div>
      {/* The spec's count of a search; an empty one says it in the empty state, once. */}
      {props.searchTerm && list.loaded && !empty && (
        <p className="text-sm" data-testid="search-results">
          {isolatedSentence((word) =>
            t(list.totalCapped ? 'list.resultsCapped' : 'list.results', {
              ns: 'common',
              count: list.total,
              total: list.total,
              searchTerm: word(props.searchTerm),
            }),
          )}
        </p>
      )}
      {props.bulkActions && selected.length > 0 && !empty && (
        <div
          role="region"
          aria-label={t('select.actions')}
          data-testid="bulk-actions"
          className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/50 px-3 py-1.5"
        >
          <span className="text-sm font-medium" aria-live="polite">
            {t('select.count', { count: selected.length })}
          </span>
          {props.bulkActions(selected, clearSelection)}
          <Button variant="ghost" size="sm" className="ms-auto h-8" onClick={clearSelection}>
            {t('select.clear')}
            <XIcon aria-hidden />
          </Button>
        </div>
      )}
      {empty ? (
        <EmptyState
          icon={<SearchXIcon />}
          title={t('empty.title')}
          description={
            props.searchTerm ? (
              <span data-testid="search-results">
                {isolatedSentence((word) => t('list.results', { ns: 'common', count: 0, total: 0, searchTerm: word(props.searchTerm) }))}
              </span>
            ) : props.filtered ? (
              t('empty.filters')
            ) : (
              props.emptyText
            )
          }
          action={
            props.searchTerm ? (
              <Button variant="secondary" onClick={clearSearch}>
                {t('empty.clearSearch')}
              </Button>
            ) : props.filtered && props.onClearFilters ? (
              <Button variant="secondary" onClick={props.onClearFilters}>
                {t('filters.clear')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          {desktop ? (
            <Table>
              <TableHeader>
                {table.getHeaderGroups().map((group) => (
                  <TableRow key={group.id}>
                    {group.headers.map((header) => {
                      const meta = header.column.columnDef.meta as ManagerColumnMeta | undefined;
                      const label = renderPart(header.column.columnDef.header, header.getContext());
                      const sorted = meta?.sortKey && props.sort.key === meta.sortKey ? props.sort.order : undefined;
                      return (
                        <TableHead
                          key={header.id}
                          scope="col"
                          className={meta?.className}
                          aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : meta?.sortKey ? 'none' : undefined}
                        >
                          {meta?.sortKey ? (
                            <button
                              type="button"
                              onClick={() => props.onSort(meta.sortKey!)}
                              className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                            >
                              {label}
                              {sorted === 'asc' ? (
                                <ArrowUpIcon aria-hidden className="size-3.5" />
                              ) : sorted === 'desc' ? (
                                <ArrowDownIcon aria-hidden className="size-3.5" />
                              ) : (
                                <ArrowUpDownIcon aria-hidden className="size-3.5 opacity-50" />
                              )}
                            </button>
                          ) : (
                            label
                          )}
                        </TableHead>
                      );
                    })}
                  </TableRow>
                ))}
              </TableHeader>
              <TableBody>
                {table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id} onClick={open(row.original)} className="cursor-pointer hover:bg-muted/50">
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} className={(cell.column.columnDef.meta as ManagerColumnMeta | undefined)?.className}>
                        {orNoValue(renderPart(cell.column.columnDef.cell, cell.getContext()))}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="list-cards">
              {list.items.map((item) => (
                <li key={props.getRowId(item)} onClick={open(item)} className="cursor-pointer rounded-lg border p-3 hover:bg-muted/50">
                  {props.bulkActions ? (
                    <div className="flex items-start gap-3">
                      <span className="pt-1">{selectOne(item)}</span>
                      <div className="min-w-0 flex-1">{props.renderCard(item)}</div>
                    </div>
                  ) : (
                    props.renderCard(item)
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {list.loaded && !empty && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-muted-foreground" data-testid="showing">
            {t(list.totalCapped ? 'list.showingCapped' : 'list.showing', { ns: 'common', count: list.items.length, total: list.total })}
          </p>
          {/* One paging model on every list: the API's keyset pages, one more at a time (the spec's users list). */}
          {list.hasMore && (
            <Button variant="secondary" disabled={list.loadingMore} onClick={list.loadMore}>
              {list.loadingMore && <LoaderCircleIcon aria-hidden className="animate-spin" />}
              {t('list.loadMore', { ns: 'common' })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** The next order after a click on a column's header: A–Z first, then Z–A (newest first for dates). */
export function nextSort(current: { key: string; order: SortOrder }, key: string, firstOrder: SortOrder = 'asc') {
  if (current.key !== key) return { sort: key, order: firstOrder };
  return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' } as const;
}
