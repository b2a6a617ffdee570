/** /manager/organizations/{id}: an organisation's members and invitations; an admin may delete it. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Avatar } from '#/components/ui/avatar';
import { Button } from '#/components/ui/button';
import { toast } from '#/components/ui/toast';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useDates } from '#/lib/i18n/use-dates';
import { managerOrganizationQuery } from './organizations.queries';

const route = getRouteApi('/manager/organizations/$id');

export function PageManagerOrganization() {
  const { t } = useTranslation('organizations');
  const dates = useDates();
  const { id } = route.useParams();
  const { data: org } = useQuery(managerOrganizationQuery(id));
  const canDelete = usePermission({ organization: ['delete'] });
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!org) return null;
  const roleName = (role: string | null) => (role ? t(`roles.${role}` as 'roles.member', { defaultValue: role }) : '');

  return (
    <div className="flex w-full flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="flex min-w-0 items-center gap-2 text-2xl font-bold break-words">
          <Avatar id={org.id} name={org.name} src={org.logo} size="md" square />
          <bdi>{org.name}</bdi>
        </h1>
        {canDelete && (
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            {t('manager.delete')}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        <span dir="ltr">{org.slug}</span> · {t('overview.created', { date: dates.date(org.createdAt) })}
      </p>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('manager.members')}</h2>
        <div className="relative overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={t('manager.members')}>
          <table className="w-full text-sm" data-testid="manager-organization-members">
            <thead className="bg-muted/50">
              <tr>
                <th className="p-3 text-start">{t('members.name')}</th>
                <th className="p-3 text-start">{t('members.email')}</th>
                <th className="p-3 text-start">{t('members.role')}</th>
                <th className="p-3 text-start">{t('members.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {org.members.map((m) => (
                <tr key={m.id} className="border-t">
                  <td className="p-3">
                    <bdi>{m.name || m.email}</bdi>
                  </td>
                  <td className="p-3">
                    <bdi>{m.email}</bdi>
                  </td>
                  <td className="p-3">{roleName(m.role)}</td>
                  <td className="p-3 whitespace-nowrap">{dates.date(m.createdAt, { dateStyle: 'medium' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('manager.invitations')}</h2>
        {org.invitations.length === 0 && <p className="text-muted-foreground">{t('invitations.none')}</p>}
        <ul className="flex flex-col gap-2">
          {org.invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap gap-2 rounded-lg border p-3 text-sm">
              <bdi className="min-w-0 flex-1 truncate">{inv.email}</bdi>
              <span>{roleName(inv.role)}</span>
              <span>{t(`manager.statuses.${inv.status}` as 'manager.statuses.pending', { defaultValue: inv.status })}</span>
              <span className="text-muted-foreground">{t('invitations.expires', { date: dates.dateTime(inv.expiresAt) })}</span>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('manager.deleteTitle', { name: org.name })}
        description={t('manager.deleteBody')}
        confirmLabel={t('manager.delete')}
        pending={pending}
        onConfirm={async () => {
          setPending(true);
          try {
            await orpc.organizations.manager.delete.call({ id: org.id });
            toast.success(t('manager.deleted', { name: org.name }));
            setDeleting(false);
            await navigate({ to: '/manager/organizations' });
            queryClient.removeQueries({ queryKey: orpc.organizations.manager.get.key({ input: { id: org.id } }) });
            await queryClient.invalidateQueries({ queryKey: orpc.organizations.key() });
          } catch (error) {
            if (!handledGlobally(error)) toast.error((error as Error).message);
          } finally {
            setPending(false);
          }
        }}
      />
    </div>
  );
}
