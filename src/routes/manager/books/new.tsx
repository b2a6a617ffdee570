import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { FormBook } from '#/features/books/form-book';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/books/new')({
  staticData: { namespaces: ['catalog', 'tables', 'images'] },
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('catalog:form.newBook')) }] }),
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
