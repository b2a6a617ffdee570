/** Members: name, e-mail, role, joined; change a role, remove a member, leave. The last owner stays. */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { OptionSelect } from '#/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import { authClient } from '#/features/auth/auth-client';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { useDates } from '#/lib/i18n/use-dates';
import { organizationRights, type OrganizationPage } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
import { isolatedSentence } from '#/components/isolated-sentence';

type Member = OrganizationPage['members'][number];
const isOwner = (role: string) => role.split(',').includes('owner');

export function OrganizationMembers({ org }: { org: OrganizationPage }) {
  const { t } = useTranslation('organizations');
  const dates = useDates();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { run, pending } = useOrganizationAction();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const rights = organizationRights(org.membership.role);
  const owners = org.members.filter((m) => isOwner(m.role)).length;
  const callerIsOwner = isOwner(org.membership.role);
  const roleName = (role: string) => t(`roles.${role}` as 'roles.member', { defaultValue: role });
  const lastOwner = (m: Member) => isOwner(m.role) && owners <= 1;
  const mayChange = (m: Member) => rights.manageMembers && (callerIsOwner || !isOwner(m.role)) && !lastOwner(m);
  const mayRemove = (m: Member) => m.userId !== me?.id && rights.manageMembers && (callerIsOwner || !isOwner(m.role)) && !lastOwner(m);
  const iAmLastOwner = callerIsOwner && owners <= 1;

  const changeRole = (m: Member, role: string) =>
    void run(
      () => authClient.organization.updateMemberRole({ organizationId: org.id, memberId: m.id, role: role as 'member' }),
      isolatedSentence((word) => t('members.roleChanged', { name: word(m.name || m.email), role: roleName(role) })),
    );

  return (
    <div className="flex flex-col gap-4">
      <Table data-testid="members-table" aria-label={t('tabs.members')}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('members.name')}</TableHead>
            <TableHead scope="col">{t('members.email')}</TableHead>
            <TableHead scope="col">{t('members.role')}</TableHead>
            <TableHead scope="col">{t('members.joined')}</TableHead>
            <TableHead scope="col" className="w-0">
              <span className="sr-only">{t('members.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {org.members.map((m) => (
            <TableRow key={m.id} data-testid={`member-${m.email}`}>
              <TableCell>
                <span className="flex items-center gap-2">
                  <Avatar id={m.userId} name={m.name} email={m.email} src={m.image} size="xs" lazy />
                  <span>
                    <bdi className="font-medium">{m.name || m.email}</bdi>
                    {m.userId === me?.id && <span className="text-muted-foreground"> ({t('members.you')})</span>}
                  </span>
                </span>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <bdi>{m.email}</bdi>
              </TableCell>
              <TableCell>
                {mayChange(m) ? (
                  <OptionSelect
                    trigger={{ 'aria-label': t('members.changeRole', { name: m.name || m.email }), className: 'h-9 w-auto text-sm' }}
                    options={[...new Set([...rights.assignableRoles, m.role])].map((role) => ({ value: role, label: roleName(role) }))}
                    value={m.role}
                    disabled={pending}
                    onValueChange={(role) => changeRole(m, role)}
                  />
                ) : (
                  <Badge title={lastOwner(m) ? t('members.lastOwner') : undefined}>{roleName(m.role)}</Badge>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">{dates.date(m.createdAt, { dateStyle: 'medium' })}</TableCell>
              <TableCell className="text-end">
                {mayRemove(m) && (
                  <Button size="sm" variant="secondary" onClick={() => setRemoving(m)}>
                    {t('members.remove')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-col items-start gap-2">
        {iAmLastOwner && <p className="text-sm text-muted-foreground">{t('members.lastOwner')}</p>}
        <Button variant="secondary" disabled={iAmLastOwner} onClick={() => setLeaving(true)}>
          {t('members.leave')}
        </Button>
      </div>
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={isolatedSentence((word) => t('members.removeTitle', { name: word(removing?.name || removing?.email || '') }))}
        description={isolatedSentence((word) => t('members.removeBody', { name: word(removing?.name || removing?.email || '') }))}
        confirmLabel={t('members.remove')}
        pending={pending}
        onConfirm={async () => {
          if (!removing) return;
          await run(
            () => authClient.organization.removeMember({ organizationId: org.id, memberIdOrEmail: removing.id }),
            isolatedSentence((word) => t('members.removed', { name: word(removing.name || removing.email) })),
          );
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={isolatedSentence((word) => t('members.leaveTitle', { name: word(org.name) }))}
        description={t('members.leaveBody')}
        confirmLabel={t('members.leave')}
        pending={pending}
        onConfirm={async () => {
          const left = await run(
            () => authClient.organization.leave({ organizationId: org.id }),
            isolatedSentence((word) => t('members.left', { name: word(org.name) })),
            () => navigate({ to: '/app/organizations' }),
          );
          if (!left) setLeaving(false);
        }}
      />
    </div>
  );
}
