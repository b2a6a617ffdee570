import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { FormBook } from '#/features/books/form-book';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/books/new')({
  staticData: { namespaces: ['catalog', 'images'] },
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('catalog:form.newBook')) }] }),
  component: function PageBookNew() {
    const { t } = useTranslation('catalog');
    const navigate = useNavigate();
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('form.newBook')}</h1>
        <FormBook
          onSaved={(book) => {
            toast.success(t('form.created'));
            void navigate({ to: '/manager/books/$id', params: { id: book.id } });
          }}
        />
      </div>
    );
  },
});
