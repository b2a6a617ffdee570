/** /app/organizations: the caller's organisations (which one is active, their role) and creating one. */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
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

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <Button onClick={() => setCreating(true)}>{t('create')}</Button>
      </div>
      {organizations.length === 0 && <p className="text-neutral-700 dark:text-neutral-300">{t('none')}</p>}
      <ul className="grid gap-3" data-testid="organization-list">
        {organizations.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
            <Avatar name={o.name} src={o.logo} size="md" square lazy />
            <Link
              to="/app/organizations/$slug"
              params={{ slug: o.slug }}
              className="min-w-0 flex-1 font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand"
            >
              <bdi className="break-words">{o.name}</bdi>
            </Link>
            <span className="text-sm text-neutral-700 dark:text-neutral-300">
              {t(`roles.${o.role}` as 'roles.member', { defaultValue: o.role })}
            </span>
            {data?.activeOrganizationId === o.id ? (
              <Badge>{t('active')}</Badge>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                disabled={pending}
                onClick={() => void run(() => authClient.organization.setActive({ organizationId: o.id }), t('switched', { name: o.name }))}
              >
                {t('makeActive')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ResponsiveDialog open={creating} onOpenChange={setCreating} title={t('createTitle')}>
        <FormOrganization submitLabel={t('form.create')} disabled={pending} onSubmit={create} onCancel={() => setCreating(false)} />
      </ResponsiveDialog>
    </div>
  );
}
