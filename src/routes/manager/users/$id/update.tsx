import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { FormUser } from '#/features/users/form-user';
import { userQuery } from '#/features/users/users.queries';
import { loadQuery, orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/manager/users/$id/update')({
  staticData: { title: 'users:form.editUser', namespaces: ['users', 'tables'] },
  loader: ({ context, params }) => orNotFound(loadQuery(context.queryClient, userQuery(params.id))),
  component: function PageUserUpdate() {
    const { t } = useTranslation(['users', 'common']);
    const { id } = Route.useParams();
    const { data: user } = useSuspenseQuery(userQuery(id));
    const navigate = useNavigate();
    const toUser = () => void navigate({ to: '/manager/users/$id', params: { id } });
    return (
      <FormPage
        title={t('form.editUser')}
        crumbs={[
          { label: t('nav.users', { ns: 'common' }), to: '/manager/users' },
          { label: <bdi>{user.name || user.email}</bdi>, to: '/manager/users/$id', params: { id } },
          { label: t('form.editUser') },
        ]}
      >
        <FormUser
          user={user}
          onCancel={toUser}
          onSaved={() => {
            toast.success(t('form.updated'));
            toUser();
          }}
        />
      </FormPage>
    );
  },
});
