import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { FormBook } from '#/features/books/form-book';

export const Route = createFileRoute('/manager/books/new')({
  staticData: { title: 'catalog:form.newBook', namespaces: ['catalog', 'tables', 'images'] },
  component: function PageBookNew() {
    const { t } = useTranslation(['catalog', 'common']);
    const navigate = useNavigate();
    return (
      <FormPage
        title={t('form.newBook')}
        crumbs={[{ label: t('nav.books', { ns: 'common' }), to: '/manager/books' }, { label: t('form.newBook') }]}
      >
        <FormBook
          onCancel={() => void navigate({ to: '/manager/books', search: { searchTerm: '' } })}
          onSaved={(book) => {
            toast.success(t('form.created'));
            void navigate({ to: '/manager/books/$id', params: { id: book.id } });
          }}
        />
      </FormPage>
    );
  },
});
