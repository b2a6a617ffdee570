/** /manager/books: a table with search (kept in the URL), 'Load more' and the counts. */
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ManagerList, ManagerListRow } from '#/components/manager-list';
import { buttonVariants } from '#/components/ui/button';
import { usePermission } from '#/features/auth/use-permission';
import { useList } from '#/lib/list-query';
import { BookCover } from './book-cover';
import { orpc } from '#/lib/api-client';

const route = getRouteApi('/manager/books/');

export function PageManagerBooks() {
  const { t } = useTranslation(['catalog', 'common']);
  const { searchTerm } = route.useSearch();
  const list = useList(orpc.books.list, searchTerm);
  const canCreate = usePermission({ book: ['create'] });

  return (
    <ManagerList
      title={t('nav.books', { ns: 'common' })}
      action={
        canCreate && (
          <Link to="/manager/books/new" className={buttonVariants()}>
            {t('manager.newBook')}
          </Link>
        )
      }
      searchLabel={t('books.search')}
      searchTerm={searchTerm}
      columns={[t('book.title'), t('book.author'), t('book.genre'), t('book.publisher')]}
      list={list}
    >
      {list.items.map((book) => (
        <ManagerListRow key={book.id}>
          <td className="p-3">
            <span className="flex items-center gap-3">
              <BookCover book={book} className="h-8 w-6 text-xs" lazy sizes="24px" />
              <Link to="/manager/books/$id" params={{ id: book.id }} className="font-medium underline-offset-2 hover:underline">
                <bdi>{book.title}</bdi>
              </Link>
            </span>
          </td>
          <td className="p-3">
            <bdi>{book.author}</bdi>
          </td>
          <td className="p-3">
            <bdi>{book.genre?.name ?? t('books.noGenre')}</bdi>
          </td>
          <td className="p-3">
            <bdi>{book.publisher ?? ''}</bdi>
          </td>
        </ManagerListRow>
      ))}
    </ManagerList>
  );
}
