/** /manager/organizations/{id}: an organisation's members and invitations; an admin may delete it. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { DangerZone } from '#/components/danger-zone';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Item, ItemContent, ItemDetails, ItemList } from '#/components/ui/item-list';
import { PageHeader } from '#/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import { toast } from '#/components/ui/toast';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useDates } from '#/lib/i18n/use-dates';
import { isolated } from '#/lib/text';
import { useIsDesktop } from '#/lib/use-media-query';
import { managerOrganizationQuery } from './organizations.queries';

const route = getRouteApi('/manager/organizations/$id');

export function PageManagerOrganization() {
  const { t } = useTranslation(['organizations', 'tables']);
  const dates = useDates();
  const { id } = route.useParams();
  const { data: org } = useQuery(managerOrganizationQuery(id));
  const canDelete = usePermission({ organization: ['delete'] });
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One layout at a time: the table from 640 px (and on the server), cards below.
  const desktop = useIsDesktop();
  if (!org) return null;
  const joined = (date: Date) => dates.date(date, { dateStyle: 'medium' });
  const roleName = (role: string | null) => (role ? t(`roles.${role}` as 'roles.member', { defaultValue: role }) : '');

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6">
      <PageHeader
        crumbs={[{ label: t('manager.title'), to: '/manager/organizations' }, { label: <bdi>{org.name}</bdi> }]}
        breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
        leading={<Avatar id={org.id} name={org.name} src={org.logo} size="lg" square />}
        title={org.name}
        description={
          <>
            <span dir="ltr">{org.slug}</span> · {t('overview.created', { date: dates.date(org.createdAt) })}
          </>
        }
      />
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('manager.members')}</h2>
        {desktop ? (
          <Table data-testid="manager-organization-members" aria-label={t('manager.members')}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('members.name')}</TableHead>
                <TableHead scope="col">{t('members.email')}</TableHead>
                <TableHead scope="col">{t('members.role')}</TableHead>
                <TableHead scope="col">{t('members.joined')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {org.members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="whitespace-nowrap">
                    <Link
                      to="/manager/users/$id"
                      params={{ id: m.userId }}
                      className="flex items-center gap-3 font-medium underline-offset-2 hover:underline"
                    >
                      <Avatar id={m.userId} name={m.name} email={m.email} src={m.image} size="sm" lazy />
                      <bdi>{m.name || m.email}</bdi>
                    </Link>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <bdi>{m.email}</bdi>
                  </TableCell>
                  <TableCell>
                    <Badge>{roleName(m.role)}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{joined(m.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          // Below 640 px, cards as the session lists and the audit log: nothing sits off-screen.
          <ItemList data-testid="manager-organization-members" aria-label={t('manager.members')}>
            {org.members.map((m) => (
              <Item key={m.id} data-testid="manager-organization-member">
                <Avatar id={m.userId} name={m.name} email={m.email} src={m.image} size="sm" lazy />
                <ItemContent>
                  <Link
                    to="/manager/users/$id"
                    params={{ id: m.userId }}
                    className="truncate font-medium underline-offset-2 hover:underline"
                  >
                    <bdi>{m.name || m.email}</bdi>
                  </Link>
                  <bdi className="truncate text-muted-foreground">{m.email}</bdi>
                  <ItemDetails details={[{ label: t('members.joined'), value: joined(m.createdAt) }]} />
                </ItemContent>
                <Badge>{roleName(m.role)}</Badge>
              </Item>
            ))}
          </ItemList>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('manager.invitations')}</h2>
        {org.invitations.length === 0 && <p className="text-muted-foreground">{t('invitations.none')}</p>}
        <ul className="flex flex-col gap-2">
          {org.invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm">
              <bdi className="min-w-0 flex-1 truncate">{inv.email}</bdi>
              {/* Role and status as the members' list shows a role: each its own badge. */}
              <Badge>{roleName(inv.role)}</Badge>
              <Badge variant={inv.status === 'pending' ? 'info' : 'neutral'}>
                {t(`manager.statuses.${inv.status}` as 'manager.statuses.pending', { defaultValue: inv.status })}
              </Badge>
              <span className="text-muted-foreground">{t('invitations.expires', { date: dates.dateTime(inv.expiresAt) })}</span>
            </li>
          ))}
        </ul>
      </section>
      {canDelete && (
        <DangerZone description={t('manager.deleteBody')}>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            {t('manager.delete')}
          </Button>
        </DangerZone>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('manager.deleteTitle', { name: isolated(org.name) })}
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
