/** /manager/users: the users table with search (kept in the URL), 'Load more' and the counts. */
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ManagerList, ManagerListRow } from '#/components/manager-list';
import { buttonVariants } from '#/components/ui/button';
import { DisplayName } from '#/components/display-name';
import { usePermission } from '#/features/auth/use-permission';
import { useList } from '#/lib/list-query';
import { RoleBadges, StatusBadge, UserAvatar } from './user-badges';
import { orpc } from '#/lib/api-client';

const route = getRouteApi('/manager/users/');

export function PageManagerUsers() {
  const { t } = useTranslation(['users', 'common']);
  const { searchTerm } = route.useSearch();
  const list = useList(orpc.users.list, searchTerm);
  const canCreate = usePermission({ user: ['create', 'set-role'] });

  return (
    <ManagerList
      title={t('nav.users', { ns: 'common' })}
      action={
        canCreate && (
          <Link to="/manager/users/new" className={buttonVariants()}>
            {t('list.newUser')}
          </Link>
        )
      }
      searchLabel={t('list.search')}
      searchTerm={searchTerm}
      columns={[t('list.name'), t('list.email'), t('list.role'), t('list.status')]}
      list={list}
    >
      {list.items.map((user) => (
        <ManagerListRow key={user.id}>
          <td className="p-3">
            <span className="flex items-center gap-3">
              <UserAvatar user={user} />
              <Link to="/manager/users/$id" params={{ id: user.id }} className="font-medium underline-offset-2 hover:underline">
                <DisplayName name={user.name} />
              </Link>
            </span>
          </td>
          <td className="p-3">
            <bdi>{user.email}</bdi>
          </td>
          <td className="p-3">
            <RoleBadges role={user.role} />
          </td>
          <td className="p-3">
            <StatusBadge banned={user.banned} />
          </td>
        </ManagerListRow>
      ))}
    </ManagerList>
  );
}
