/**
 * The manager's list pages (books, users): a title with its "New" action, a search box bound to
 * the URL, the result count for a search, a table, and 'Showing {count} of {total}' with
 * 'Load more' (keyset pages of 20). A page gives its rows and the list's state (`useList`,
 * src/lib/list-query.ts).
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import type { ListState } from '#/lib/list-query';
import { useSearchInput } from '#/lib/use-search-input';

export interface ManagerListProps {
  title: string;
  /** The "New …" link, when the role may create. */
  action?: ReactNode;
  searchLabel: string;
  /** The search term in the URL (the box puts a new one there). */
  searchTerm: string;
  columns: string[];
  list: ListState;
  /** The rows (`<tr>`), one per loaded item. */
  children: ReactNode;
}

export function ManagerList({ list, ...props }: ManagerListProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [term, setTerm] = useSearchInput(props.searchTerm);
  return (
    <div className="flex w-full flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{props.title}</h1>
        {props.action}
      </div>
      <label htmlFor={searchId} className="sr-only">
        {props.searchLabel}
      </label>
      <Input
        id={searchId}
        type="search"
        className="max-w-sm"
        placeholder={props.searchLabel}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
      {props.searchTerm && list.loaded && (
        <p className="text-sm" data-testid="search-results">
          {t(list.totalCapped ? 'list.resultsCapped' : 'list.results', {
            count: list.total,
            total: list.total,
            searchTerm: props.searchTerm,
          })}
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
        <table className="w-full text-start text-sm">
          <thead className="bg-neutral-50 dark:bg-neutral-900">
            <tr>
              {props.columns.map((column) => (
                <th key={column} scope="col" className="p-3 text-start">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{props.children}</tbody>
        </table>
      </div>
      {list.loaded && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="showing">
            {t(list.totalCapped ? 'list.showingCapped' : 'list.showing', { count: list.items.length, total: list.total })}
          </p>
          {list.hasMore && (
            <Button variant="secondary" disabled={list.loadingMore} onClick={list.loadMore}>
              {t('list.loadMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** A row of the manager's tables. */
export function ManagerListRow({ children }: { children: ReactNode }) {
  return <tr className="border-t border-neutral-200 dark:border-neutral-800">{children}</tr>;
}
