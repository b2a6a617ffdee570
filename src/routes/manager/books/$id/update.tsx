import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { bookQuery } from '#/features/books/books.queries';
import { FormBook } from '#/features/books/form-book';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/books/$id/update')({
  staticData: { namespaces: ['catalog', 'images'] },
  loader: ({ context, params }) => context.queries.ensure(bookQuery(params.id)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('catalog:form.editBook')) }] }),
  component: function PageBookUpdate() {
    const { t } = useTranslation('catalog');
    const { id } = Route.useParams();
    const { data: book } = useSuspenseQuery(bookQuery(id));
    const navigate = useNavigate();
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('form.editBook')}</h1>
        <FormBook
          book={book}
          onSaved={(saved) => {
            toast.success(t('form.updated'));
            void navigate({ to: '/manager/books/$id', params: { id: saved.id } });
          }}
        />
      </div>
    );
  },
});
