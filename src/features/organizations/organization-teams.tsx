/** Teams: create, rename, delete; add and remove members (owners and admins). */
import { UsersRoundIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { OptionSelect } from '#/components/ui/select';
import { authClient } from '#/features/auth/auth-client';
import { organizationRights, type OrganizationPage } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
import { EmptyState } from '#/components/ui/empty-state';
import { isolatedSentence } from '#/components/isolated-sentence';

type Team = OrganizationPage['teams'][number];

function TeamCard({ org, team }: { org: OrganizationPage; team: Team }) {
  const { t } = useTranslation('organizations');
  const rights = organizationRights(org.membership.role);
  const { run, pending } = useOrganizationAction();
  const [name, setName] = useState(team.name);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState('');
  const renameId = useId();
  const addId = useId();
  const members = org.members.filter((m) => team.memberUserIds.includes(m.userId));
  const others = org.members.filter((m) => !team.memberUserIds.includes(m.userId));
  const label = (m: OrganizationPage['members'][number]) => m.name || m.email;

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4" data-testid={`team-${team.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        {renaming ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={async (e) => {
              e.preventDefault();
              const done = await run(
                () => authClient.organization.updateTeam({ teamId: team.id, data: { name: name.trim(), organizationId: org.id } }),
                t('teams.renamed'),
              );
              if (done) setRenaming(false);
            }}
          >
            <label htmlFor={renameId} className="sr-only">
              {t('teams.name')}
            </label>
            <Input id={renameId} dir="auto" className="h-9 w-56" value={name} onChange={(e) => setName(e.target.value)} />
            <Button size="sm" type="submit" disabled={pending || !name.trim()}>
              {t('form.save')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setRenaming(false)}>
              {t('form.cancel')}
            </Button>
          </form>
        ) : (
          <h3 className="min-w-0 flex-1 font-semibold break-words">
            <bdi>{team.name}</bdi>
          </h3>
        )}
        {rights.manageTeams && !renaming && (
          <span className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setRenaming(true)}>
              {t('teams.rename')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeleting(true)}>
              {t('teams.delete')}
            </Button>
          </span>
        )}
      </div>
      <div>
        <h4 className="text-sm font-medium">{t('teams.members')}</h4>
        {members.length === 0 && <p className="text-sm text-muted-foreground">{t('teams.noMembers')}</p>}
        <ul className="flex flex-wrap gap-2 pt-1">
          {members.map((m) => (
            <li key={m.userId} className="flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm">
              <bdi>{label(m)}</bdi>
              {rights.manageTeams && (
                <Button
                  size="inline"
                  variant="link"
                  aria-label={t('teams.removeMember', { name: label(m) })}
                  disabled={pending}
                  onClick={() =>
                    void run(
                      () =>
                        authClient.organization.removeTeamMember({ teamId: team.id, userId: m.userId, organizationId: org.id } as never),
                      isolatedSentence((word) => t('teams.memberRemoved', { name: word(label(m)), team: word(team.name) })),
                    )
                  }
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
      {rights.manageTeams && others.length > 0 && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            const m = others.find((o) => o.userId === adding);
            if (!m) return;
            const done = await run(
              () => authClient.organization.addTeamMember({ teamId: team.id, userId: m.userId, organizationId: org.id } as never),
              isolatedSentence((word) => t('teams.added', { name: word(label(m)), team: word(team.name) })),
            );
            if (done) setAdding('');
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={addId} className="text-sm font-medium">
              {t('teams.addMember')}
            </label>
            <OptionSelect
              trigger={{ id: addId, className: 'h-9 w-56 text-sm' }}
              options={others.map((m) => ({ value: m.userId, label: <bdi>{label(m)}</bdi> }))}
              placeholder="—"
              value={adding}
              onValueChange={setAdding}
            />
          </div>
          <Button size="sm" type="submit" disabled={pending || !adding}>
            {t('teams.add')}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={isolatedSentence((word) => t('teams.deleteTitle', { name: word(team.name) }))}
        confirmLabel={t('teams.delete')}
        pending={pending}
        onConfirm={async () => {
          await run(
            () => authClient.organization.removeTeam({ teamId: team.id, organizationId: org.id }),
            t('teams.deleted', { name: team.name }),
          );
          setDeleting(false);
        }}
      />
    </li>
  );
}

export function OrganizationTeams({ org }: { org: OrganizationPage }) {
  const { t } = useTranslation('organizations');
  const rights = organizationRights(org.membership.role);
  const { run, pending } = useOrganizationAction();
  const [name, setName] = useState('');
  const nameId = useId();
  return (
    <div className="flex flex-col gap-4">
      {rights.manageTeams && (
        <form
          className="flex flex-wrap items-end gap-2"
          data-testid="create-team-form"
          onSubmit={async (e) => {
            e.preventDefault();
            const created = await run(
              () => authClient.organization.createTeam({ name: name.trim(), organizationId: org.id }),
              t('teams.created', { name: name.trim() }),
            );
            if (created) setName('');
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={nameId} className="text-sm font-medium">
              {t('teams.name')}
            </label>
            <Input id={nameId} dir="auto" className="w-64" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={pending || !name.trim()}>
            {t('teams.create')}
          </Button>
        </form>
      )}
      {org.teams.length === 0 && <EmptyState icon={<UsersRoundIcon />} title={t('teams.none')} />}
      <ul className="grid gap-3">
        {org.teams.map((team) => (
          <TeamCard key={team.id} org={org} team={team} />
        ))}
      </ul>
    </div>
  );
}
