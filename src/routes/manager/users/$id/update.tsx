import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { FormUser } from '#/features/users/form-user';
import { userQuery } from '#/features/users/users.queries';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/users/$id/update')({
  staticData: { namespaces: ['users'] },
  loader: ({ context, params }) => context.queries.ensure(userQuery(params.id)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('users:form.editUser')) }] }),
  component: function PageUserUpdate() {
    const { t } = useTranslation('users');
    const { id } = Route.useParams();
    const { data: user } = useSuspenseQuery(userQuery(id));
    const navigate = useNavigate();
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">{t('form.editUser')}</h1>
        <FormUser
          user={user}
          onSaved={(saved) => {
            toast.success(t('form.updated'));
            void navigate({ to: '/manager/users/$id', params: { id: saved.id } });
          }}
        />
      </div>
    );
  },
});
