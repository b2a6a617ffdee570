import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { FormUser } from '#/features/users/form-user';

export const Route = createFileRoute('/manager/users/new')({
  staticData: { title: 'users:form.newUser', namespaces: ['users', 'tables'] },
  component: function PageUserNew() {
    const { t } = useTranslation(['users', 'common']);
    const navigate = useNavigate();
    const toList = () => void navigate({ to: '/manager/users', search: { searchTerm: '' } });
    return (
      <FormPage
        title={t('form.newUser')}
        crumbs={[{ label: t('nav.users', { ns: 'common' }), to: '/manager/users' }, { label: t('form.newUser') }]}
      >
        <FormUser
          onCancel={toList}
          onSaved={(user) => {
            toast.success(t('form.created'));
            // The new record's page, as after making a book (docs/decisions/087-after-creating-a-record.md).
            void navigate({ to: '/manager/users/$id', params: { id: user.id } });
          }}
        />
      </FormPage>
    );
  },
});
