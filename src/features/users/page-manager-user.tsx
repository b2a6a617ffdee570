import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, UserRoundCogIcon } from 'lucide-react';
import { EmailAddress } from '#/components/email-address';
import { DangerZone } from '#/components/danger-zone';
import { Badge } from '#/components/ui/badge';
import { PageHeader } from '#/components/ui/page-header';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { TabNav, tabLinkClass } from '#/components/ui/tab-nav';
import { Button, buttonVariants } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { authCall, authClient } from '#/features/auth/auth-client';
import { DisplayName } from '#/components/display-name';
import { homeFor } from '#/features/auth/redirect';
import { refreshSession } from '#/features/auth/session';
import { Avatar } from '#/components/ui/avatar';
import { PictureField } from '#/features/images/picture-field';
import { orpc } from '#/lib/api-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { usePermission } from '#/features/auth/use-permission';
import { useDates } from '#/lib/i18n/use-dates';
import type { RoleName } from '#/lib/permissions';
import { roleFieldIsAdmin } from '#/lib/role-field';
import { useAdminAction } from './use-admin-action';
import { RoleBadges, RoleSelect, StatusBadge, UserAvatar } from './user-badges';
import { UserActivity } from './user-activity';
import { UserApiKeys } from './user-api-keys';
import { UserSessions } from './user-sessions';
import { userQuery } from './users.queries';
import { isolated } from '#/lib/text';

const route = getRouteApi('/manager/users/$id/');

export function PageManagerUser() {
  const { t } = useTranslation(['users', 'tables', 'common', 'images', 'audit']);
  const dates = useDates();
  const queryClient = useQueryClient();
  const { id } = route.useParams();
  const { tab } = route.useSearch();
  const [pictureOpen, setPictureOpen] = useState(false);
  const { data: user } = useSuspenseQuery(userQuery(id));
  const me = useCurrentUser();
  const isSelf = me?.id === user.id;
  const canEdit = usePermission({ user: ['create', 'set-role'] });
  const canBan = usePermission({ user: ['ban'] });
  const canSetRole = usePermission({ user: ['set-role'] });
  const canDelete = usePermission({ user: ['delete'] });
  // For a person who lost every factor; one's own is turned off from the account page.
  const canResetTwoFactor = usePermission({ user: ['reset-two-factor'] }) && !isSelf && user.twoFactorEnabled;
  const canListSessions = usePermission({ session: ['list'] });
  const canListApiKeys = usePermission({ apiKey: ['list'] });
  const canReadAudit = usePermission({ audit: ['read'] });
  // Not oneself, not another admin, not a banned user: the server refuses those too.
  const canImpersonate = usePermission({ user: ['impersonate'] }) && !isSelf && !roleFieldIsAdmin(user.role) && !user.banned;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'ban' | 'delete' | 'resetTwoFactor' | null>(null);
  // Waiting for confirmation; kept while the dialog closes so its text does not change under the animation.
  const [pendingRole, setPendingRole] = useState<RoleName | null>(null);
  const [roleDialogOpen, setRoleDialogOpen] = useState(false);
  // Demoting oneself, or the last administrator, could leave none: disabled with the reason, as Ban is.
  const roleLocked = (isSelf && roleFieldIsAdmin(user.role)) || user.lastAdmin;
  const roleLockedReason = user.lastAdmin ? t('detail.lastAdmin') : t('detail.cannotChangeOwnRole');
  const [banReason, setBanReason] = useState('');

  const ban = useAdminAction(
    () => authCall(authClient.admin.banUser({ userId: user.id, ...(banReason.trim() ? { banReason: banReason.trim() } : {}) })),
    { success: t('detail.banned'), failure: t('detail.banFailed'), onSuccess: () => setDialog(null) },
  );
  const setRole = useAdminAction((role: RoleName) => authCall(authClient.admin.setRole({ userId: user.id, role })), {
    success: t('detail.roleUpdated'),
    failure: t('detail.roleFailed'),
    onSuccess: () => setRoleDialogOpen(false),
  });
  const unban = useAdminAction(() => authCall(authClient.admin.unbanUser({ userId: user.id })), {
    success: t('detail.unbanned'),
    failure: t('detail.unbanFailed'),
  });
  const impersonate = useAdminAction(() => authCall(authClient.admin.impersonateUser({ userId: user.id })), {
    success: '',
    failure: t('detail.impersonateFailed'),
    // A full load: nothing cached as the admin may leak into their pages.
    onSuccess: () => window.location.assign(homeFor(user.role)),
  });
  const resetTwoFactor = useAdminAction(() => orpc.users.resetTwoFactor.call({ id: user.id }), {
    success: t('detail.resetTwoFactorDone'),
    failure: t('detail.resetTwoFactorFailed'),
    onSuccess: () => setDialog(null),
  });
  const remove = useAdminAction(() => authCall(authClient.admin.removeUser({ userId: user.id })), {
    success: t('detail.deleted'),
    failure: t('detail.deleteFailed'),
    onSuccess: () => navigate({ to: '/manager/users', search: { searchTerm: '' } }),
  });

  const tabs: Array<typeof tab> = ['overview'];
  if (canListSessions) tabs.push('sessions');
  if (canReadAudit) tabs.push('activity');

  const roleChangeTitle = () => {
    if (pendingRole === null) return '';
    const name = user.name;
    if (roleFieldIsAdmin(pendingRole) && !roleFieldIsAdmin(user.role)) return t('detail.roleToAdminTitle', { name });
    if (!roleFieldIsAdmin(pendingRole) && roleFieldIsAdmin(user.role)) return t('detail.roleFromAdminTitle', { name });
    return t('detail.roleChangeTitle', { name, role: t(`roles.${pendingRole}`) });
  };

  return (
    <article className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        crumbs={[
          { label: t('nav.users', { ns: 'common' }), to: '/manager/users' },
          { label: <DisplayName name={user.name} fallback={user.email} /> },
        ]}
        breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
        leading={
          canEdit || isSelf ? (
            // The picture changes from the avatar, as on most products' profile pages.
            <button
              type="button"
              onClick={() => setPictureOpen(true)}
              aria-label={t('detail.changePicture')}
              className="group relative shrink-0 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <UserAvatar user={user} size="lg" />
              <span className="absolute -end-0.5 -bottom-0.5 flex size-6 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm group-hover:text-foreground">
                <CameraIcon aria-hidden className="size-3.5" />
              </span>
            </button>
          ) : (
            <UserAvatar user={user} size="lg" />
          )
        }
        title={<DisplayName name={user.name} fallback={user.email} />}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <RoleBadges role={user.role} />
            <StatusBadge banned={user.banned} />
            {!user.emailVerified && <Badge variant="warning">{t('status.notVerified')}</Badge>}
            <Badge variant={user.twoFactorEnabled ? 'success' : 'neutral'} data-testid="user-two-factor">
              {user.twoFactorEnabled ? t('status.twoFactorOn') : t('status.twoFactorOff')}
            </Badge>
          </span>
        }
        actions={
          <>
            {canEdit && (
              <Link to="/manager/users/$id/update" params={{ id: user.id }} className={buttonVariants({ variant: 'secondary' })}>
                {t('form.editUser')}
              </Link>
            )}
            {canImpersonate && (
              <Button
                variant="secondary"
                disabled={impersonate.isPending || impersonate.isSuccess}
                onClick={() => impersonate.mutate(undefined)}
              >
                <UserRoundCogIcon aria-hidden />
                {t('detail.impersonate')}
              </Button>
            )}
          </>
        }
      />

      <TabNav label={t('detail.tabs.label')}>
        {tabs.map((key) => (
          <li key={key}>
            <Link
              to="/manager/users/$id"
              params={{ id: user.id }}
              search={{ tab: key }}
              aria-current={tab === key ? 'page' : undefined}
              className={tabLinkClass(tab === key)}
            >
              {t(`detail.tabs.${key}`)}
            </Link>
          </li>
        ))}
      </TabNav>

      {tab === 'overview' && (
        <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
          <div className="flex flex-col gap-0.5 sm:col-span-2">
            <dt className="text-muted-foreground">
              {canSetRole ? <label htmlFor="user-role">{t('detail.roleLabel')}</label> : t('detail.roleLabel')}
            </dt>
            <dd className="max-w-xs">
              {canSetRole ? (
                <RoleSelect
                  id="user-role"
                  value={user.role}
                  disabled={setRole.isPending || roleLocked}
                  aria-describedby={roleLocked ? 'cannot-change-own-role' : undefined}
                  onValueChange={(role) => {
                    setPendingRole(role as RoleName);
                    setRoleDialogOpen(true);
                  }}
                />
              ) : (
                <RoleBadges role={user.role} />
              )}
              {canSetRole && roleLocked && (
                <p id="cannot-change-own-role" className="mt-1 text-muted-foreground">
                  {roleLockedReason}
                </p>
              )}
            </dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('form.email')}</dt>
            <dd data-testid="user-email">
              <EmailAddress email={user.email} />
            </dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('detail.onboarding')}</dt>
            <dd>{user.onboardedAt ? t('detail.onboarded', { date: dates.date(user.onboardedAt) }) : t('detail.notOnboarded')}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('details.created', { ns: 'tables' })}</dt>
            <dd>{dates.dateTime(user.createdAt)}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('details.updated', { ns: 'tables' })}</dt>
            <dd>{dates.dateTime(user.updatedAt)}</dd>
          </div>
          {user.banned && (
            <div className="flex flex-col gap-0.5 sm:col-span-2">
              <dt className="text-muted-foreground">{t('status.banned')}</dt>
              <dd data-testid="ban-reason">
                {user.banReason ? t('detail.banReason', { reason: user.banReason }) : t('detail.noBanReason')}
              </dd>
            </div>
          )}
        </dl>
      )}
      {tab === 'sessions' && canListSessions && <UserSessions user={user} />}
      {tab === 'sessions' && canListSessions && canListApiKeys && <UserApiKeys userId={user.id} />}
      {tab === 'activity' && canReadAudit && <UserActivity userId={user.id} />}

      {tab === 'overview' && (canBan || canResetTwoFactor || (canDelete && !isSelf)) && (
        <DangerZone description={t('dangerZoneDescription', { ns: 'tables' })}>
          {canBan && (isSelf || user.lastAdmin) && !user.banned && (
            <p id="cannot-ban-self" className="w-full text-sm text-muted-foreground">
              {isSelf ? t('detail.cannotBanYourself') : t('detail.lastAdmin')}
            </p>
          )}
          {canBan &&
            (user.banned ? (
              <Button variant="secondary" disabled={unban.isPending} onClick={() => unban.mutate(undefined)}>
                {t('detail.unban')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                disabled={isSelf || user.lastAdmin}
                aria-describedby={isSelf || user.lastAdmin ? 'cannot-ban-self' : undefined}
                onClick={() => setDialog('ban')}
              >
                {t('detail.ban')}
              </Button>
            ))}
          {canResetTwoFactor && (
            <Button variant="secondary" onClick={() => setDialog('resetTwoFactor')}>
              {t('detail.resetTwoFactor')}
            </Button>
          )}
          {canDelete && !isSelf && (
            <Button variant="destructive" disabled={user.lastAdmin} onClick={() => setDialog('delete')}>
              {t('detail.delete')}
            </Button>
          )}
        </DangerZone>
      )}

      {(canEdit || isSelf) && (
        <ResponsiveDialog
          open={pictureOpen}
          onOpenChange={setPictureOpen}
          title={t('picture.title', { ns: 'images' })}
          description={t(isSelf ? 'picture.description' : 'picture.adminDescription', { ns: 'images' })}
        >
          <PictureField
            layout="bare"
            target={{ kind: 'users', id: user.id }}
            url={user.image}
            placeholder={<Avatar id={user.id} name={user.name} email={user.email} size="xl" />}
            shape="square"
            title={t('picture.title', { ns: 'images' })}
            description={t(isSelf ? 'picture.description' : 'picture.adminDescription', { ns: 'images' })}
            onChange={async () => {
              await queryClient.invalidateQueries({ queryKey: orpc.users.key() });
              if (isSelf) await refreshSession(queryClient);
            }}
          />
        </ResponsiveDialog>
      )}
      <ConfirmDialog
        open={dialog === 'ban'}
        onOpenChange={(open) => setDialog(open ? 'ban' : null)}
        title={t('detail.banTitle', { name: isolated(user.name || user.email) })}
        description={t('detail.banDescription')}
        confirmLabel={t('detail.ban')}
        pending={ban.isPending}
        onConfirm={() => ban.mutate(undefined)}
      >
        <Field label={t('detail.banReasonLabel')} className="pb-2">
          {(ids) => <Input {...ids} maxLength={200} value={banReason} onChange={(e) => setBanReason(e.target.value)} />}
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'resetTwoFactor'}
        onOpenChange={(open) => setDialog(open ? 'resetTwoFactor' : null)}
        title={t('detail.resetTwoFactorTitle', { name: isolated(user.name || user.email) })}
        description={t('detail.resetTwoFactorDescription')}
        confirmLabel={t('detail.resetTwoFactor')}
        pending={resetTwoFactor.isPending}
        onConfirm={() => resetTwoFactor.mutate(undefined)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('detail.deleteTitle', { name: isolated(user.name || user.email) })}
        description={t('detail.deleteDescription')}
        confirmLabel={t('detail.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
      />
      <ConfirmDialog
        open={roleDialogOpen}
        onOpenChange={setRoleDialogOpen}
        title={roleChangeTitle()}
        description={
          pendingRole === null
            ? undefined
            : roleFieldIsAdmin(pendingRole)
              ? t('detail.roleToAdminDescription')
              : roleFieldIsAdmin(user.role)
                ? t('detail.roleFromAdminDescription')
                : undefined
        }
        confirmLabel={t('detail.roleChange')}
        pending={setRole.isPending}
        onConfirm={() => pendingRole && setRole.mutate(pendingRole)}
      />
    </article>
  );
}
