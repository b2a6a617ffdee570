import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { FormUser } from '#/features/users/form-user';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/users/new')({
  staticData: { namespaces: ['users'] },
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('users:form.newUser')) }] }),
  component: function PageUserNew() {
    const { t } = useTranslation('users');
    const navigate = useNavigate();
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('form.newUser')}</h1>
        <FormUser
          onSaved={() => {
            toast.success(t('form.created'));
            void navigate({ to: '/manager/users', search: { searchTerm: '' } });
          }}
        />
      </div>
    );
  },
});
