import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { FormUser } from '#/features/users/form-user';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/users/new')({
  staticData: { namespaces: ['users', 'tables'] },
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('users:form.newUser')) }] }),
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
          onSaved={() => {
            toast.success(t('form.created'));
            toList();
          }}
        />
      </FormPage>
    );
  },
});
