/** /app/organizations: 'New organisation' is offered once, in the header or in the empty state. */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { PageHeader } from '#/components/ui/page-header';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { authClient } from '#/features/auth/auth-client';
import { FormOrganization } from './form-organization';
import { myOrganizationsQuery } from './organizations.queries';
import { useOrganizationAction } from './use-organization-action';

export function PageOrganizations() {
  const { t } = useTranslation('organizations');
  const { data } = useQuery(myOrganizationsQuery());
  const [creating, setCreating] = useState(false);
  const { run, pending } = useOrganizationAction();
  const navigate = useNavigate();
  const organizations = data?.organizations ?? [];

  const create = async (values: { name: string; slug: string }) => {
    const created = await run(
      () => authClient.organization.create({ name: values.name.trim(), slug: values.slug.trim() }),
      t('created', { name: values.name.trim() }),
    );
    if (created) {
      setCreating(false);
      await navigate({ to: '/app/organizations/$slug', params: { slug: values.slug.trim() } });
    }
  };

  const createButton = <Button onClick={() => setCreating(true)}>{t('create')}</Button>;
  // Until the list has loaded, neither the action nor the empty state (no flash of either).
  const empty = data !== undefined && organizations.length === 0;

  return (
    <div className="flex w-full flex-col gap-4">
      <PageHeader title={t('title')} actions={data && !empty ? createButton : undefined} />
      {empty && <EmptyState icon={<Building2Icon />} title={t('empty.title')} description={t('empty.description')} action={createButton} />}
      {organizations.length > 0 && (
        <ul className="grid gap-3" data-testid="organization-list">
          {organizations.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
              <Avatar id={o.id} name={o.name} src={o.logo} size="md" square lazy />
              <Link
                to="/app/organizations/$slug"
                params={{ slug: o.slug }}
                className="min-w-0 flex-1 font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <bdi className="wrap-anywhere">{o.name}</bdi>
              </Link>
              <span className="text-sm text-muted-foreground">{t(`roles.${o.role}` as 'roles.member', { defaultValue: o.role })}</span>
              {data?.activeOrganizationId === o.id ? (
                <Badge>{t('active')}</Badge>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={pending}
                  onClick={() =>
                    void run(() => authClient.organization.setActive({ organizationId: o.id }), t('switched', { name: o.name }))
                  }
                >
                  {t('makeActive')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ResponsiveDialog open={creating} onOpenChange={setCreating} title={t('createTitle')}>
        <FormOrganization submitLabel={t('form.create')} disabled={pending} onSubmit={create} onCancel={() => setCreating(false)} />
      </ResponsiveDialog>
    </div>
  );
}
