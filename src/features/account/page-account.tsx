import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { authClient } from '#/features/auth/auth-client';
import { nameFormSchema, type NameForm } from '#/features/auth/auth.schema';
import { DisplayName } from '#/components/display-name';
import { refreshSession } from '#/features/auth/session';
import { SignOutDialog } from '#/features/auth/sign-out';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { Avatar } from '#/components/ui/avatar';
import { PictureField } from '#/features/images/picture-field';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useDates } from '#/lib/i18n/use-dates';
import { Badge } from '#/components/ui/badge';
import type { AccountSearch } from './account.schema';
import { ApiKeys } from './api-keys';
import { ChangeEmail } from './change-email';
import { DeleteAccount } from './delete-account';
import { OwnSessions } from './own-sessions';
import { Passkeys } from './passkeys';
import { SecurityActivity } from './security-activity';
import { SignInMethods } from './sign-in-methods';
import { TwoFactor } from './two-factor';
import { DisplayPreferences } from './preferences';
import { YourData } from './your-data';

function ChangeNameDrawer({ open, currentName, onClose }: { open: boolean; currentName: string; onClose: () => void }) {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const queryClient = useQueryClient();
  const form = useForm<NameForm>({ resolver: zodResolver(nameFormSchema), values: { name: currentName } });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    const { error } = await authClient.updateUser({ name });
    if (error) {
      // The auth client's own handler has shown a demo-mode refusal already.
      if (!handledGlobally(error)) toast.error(t('nameUpdateFailed'));
      return;
    }
    toast.success(t('nameUpdated'));
    await refreshSession(queryClient);
    onClose();
  });
  const nameError = form.formState.errors.name?.message;
  return (
    <ResponsiveDialog open={open} onOpenChange={(o) => !o && onClose()} title={t('changeName')} description={t('changeNameDescription')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label={t('name')} error={nameError ? t(nameError as 'validation.nameRequired', { ns: 'auth' }) : undefined}>
          {(ids) => <Input autoComplete="name" {...ids} {...form.register('name')} />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}

export function PageAccount() {
  const { t } = useTranslation(['account', 'auth', 'common', 'images']);
  const dates = useDates();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as Partial<AccountSearch>;
  const navigate = useNavigate();
  const [signOut, setSignOut] = useState(false);
  const setState = (state: AccountSearch['state']) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, state }), replace: true });

  return (
    <div className="flex w-full max-w-4xl gap-10">
      <SectionNav />
      <div className="flex w-full max-w-2xl min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{t('nav.account', { ns: 'common' })}</h1>
          <Button variant="secondary" onClick={() => setSignOut(true)}>
            {t('actions.signOut', { ns: 'common' })}
          </Button>
        </div>
        {user && (
          <section aria-labelledby="profile" className="flex flex-col gap-3 rounded-lg border p-4">
            <h2 id="profile" className="text-base font-semibold">
              {t('profile')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('name')}</dt>
              <dd data-testid="account-name">
                <DisplayName name={user.name} />
              </dd>
              <dt className="text-muted-foreground">{t('email')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <bdi data-testid="account-email">{user.email}</bdi>
                {!user.emailVerified && <Badge variant="warning">{t('notVerified')}</Badge>}
                <ChangeEmail />
              </dd>
              <dt className="text-muted-foreground">{t('memberSince')}</dt>
              <dd data-testid="account-member-since">{dates.date(user.createdAt)}</dd>
            </dl>
            <div>
              <Button variant="secondary" onClick={() => setState('change-name')}>
                {t('changeName')}
              </Button>
            </div>
            <ChangeNameDrawer open={search.state === 'change-name'} currentName={user.name} onClose={() => setState('')} />
          </section>
        )}
        {user && (
          <PictureField
            target={{ kind: 'users', id: user.id }}
            url={user.image}
            placeholder={<Avatar id={user.id} name={user.name} email={user.email} size="xl" />}
            shape="square"
            title={t('picture.title', { ns: 'images' })}
            description={t('picture.description', { ns: 'images' })}
            onChange={() => refreshSession(queryClient)}
          />
        )}
        <DisplayPreferences />
        <SignInMethods />
        <Passkeys />
        <TwoFactor />
        <ApiKeys />
        <OwnSessions />
        {user && <SecurityActivity userId={user.id} />}
        <YourData />
        {user && <DeleteAccount email={user.email} />}
        <SignOutDialog open={signOut} onOpenChange={setSignOut} />
      </div>
    </div>
  );
}

/** The page's sections, beside them on wide screens: links to the headings' ids (docs/decisions/069-account-page-layout.md). */
function SectionNav() {
  const { t } = useTranslation(['account', 'common', 'audit']);
  const groups: [id: string, label: string][][] = [
    [
      ['profile', t('profile')],
      ['display-preferences', t('preferences.title', { ns: 'common' })],
    ],
    [
      ['sign-in-methods', t('signInMethods.title')],
      ['passkeys', t('passkeys.title')],
      ['two-factor', t('twoFactor.title')],
      ['api-keys', t('apiKeys.title')],
      ['own-sessions', t('sessions.title')],
      ['security-activity', t('security.title', { ns: 'audit' })],
    ],
    [
      ['your-data', t('yourData.title')],
      ['danger-zone', t('dangerZone', { ns: 'common' })],
    ],
  ];
  const current = useSectionInView(groups.flat().map(([id]) => id));
  return (
    <nav aria-label={t('onThisPage')} className="sticky top-20 hidden w-44 shrink-0 self-start lg:block">
      {groups.map((links, index) => (
        <ul key={index} className="flex flex-col border-b py-2 text-sm last:border-b-0 first:pt-0">
          {links.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                aria-current={id === current ? 'location' : undefined}
                className="block rounded-md px-2 py-1.5 text-muted-foreground hover:bg-accent hover:text-foreground aria-[current=location]:bg-accent aria-[current=location]:font-medium aria-[current=location]:text-foreground"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      ))}
    </nav>
  );
}

/** Below the sticky header, with some room: a heading above this line has its section in view. */
const IN_VIEW_LINE_PX = 120;

/** The section being read: the last whose heading has passed the line near the top, the last one at the page's end. */
function useSectionInView(ids: string[]) {
  const [current, setCurrent] = useState(ids[0]);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key.split(' ');
    let frame = 0;
    const update = () => {
      frame = 0;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let found = list[0];
      for (const id of list) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= IN_VIEW_LINE_PX) found = id;
      }
      setCurrent(atEnd ? list.findLast((id) => document.getElementById(id)) : found);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [key]);
  return current;
}
