import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { bookQuery } from '#/features/books/books.queries';
import { FormBook } from '#/features/books/form-book';
import { loadQuery, orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/manager/books/$id/update')({
  staticData: { title: 'catalog:form.editBook', namespaces: ['catalog', 'tables', 'images'] },
  loader: ({ context, params }) => orNotFound(loadQuery(context.queryClient, bookQuery(params.id))),
  component: function PageBookUpdate() {
    const { t } = useTranslation(['catalog', 'common']);
    const { id } = Route.useParams();
    const { data: book } = useSuspenseQuery(bookQuery(id));
    const navigate = useNavigate();
    const toBook = () => void navigate({ to: '/manager/books/$id', params: { id } });
    return (
      <FormPage
        title={t('form.editBook')}
        crumbs={[
          { label: t('nav.books', { ns: 'common' }), to: '/manager/books' },
          { label: <bdi>{book.title}</bdi>, to: '/manager/books/$id', params: { id } },
          { label: t('form.editBook') },
        ]}
      >
        <FormBook
          book={book}
          onCancel={toBook}
          onSaved={() => {
            toast.success(t('form.updated'));
            toBook();
          }}
        />
      </FormPage>
    );
  },
});
