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
import { SettingsSection } from '#/components/settings-section';
import type { AccountSearch } from './account.schema';
import { ApiKeys } from './api-keys';
import { ConnectedApps } from './connected-apps';
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
    <div className="flex w-full max-w-5xl gap-10">
      <SectionNav />
      <div className="flex w-full min-w-0 flex-col gap-8 lg:gap-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{t('nav.account', { ns: 'common' })}</h1>
          <Button variant="secondary" onClick={() => setSignOut(true)}>
            {t('actions.signOut', { ns: 'common' })}
          </Button>
        </div>
        {user && (
          <SettingsSection id="profile" title={t('profile')} description={t('profileDescription')}>
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
          </SettingsSection>
        )}
        {user && (
          <PictureField
            layout="settings"
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
        <ConnectedApps />
        <OwnSessions />
        {user && <SecurityActivity userId={user.id} />}
        <YourData />
        {user && <DeleteAccount email={user.email} />}
        <SignOutDialog open={signOut} onOpenChange={setSignOut} />
        <div id={PAGE_END_ID} aria-hidden />
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
                aria-current={id === current ? 'true' : undefined}
                className="block rounded-md px-2 py-1.5 text-muted-foreground hover:bg-accent hover:text-foreground aria-[current=true]:bg-accent aria-[current=true]:font-medium aria-[current=true]:text-foreground"
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

/** Below the sticky header, with some room: the section across this line is the one being read. */
const IN_VIEW_LINE_PX = 120;
/** After the last section: once it is on screen, the last section is the one being read (it may never reach the line). */
const PAGE_END_ID = 'account-page-end';

/** The section being read: the one across a line just below the header, the last at the page's end. */
function useSectionInView(ids: string[]) {
  const [current, setCurrent] = useState(ids[0]);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key.split(' ').filter((id) => document.getElementById(id));
    const sectionOf = (id: string) => document.getElementById(id)!.closest('section') ?? document.getElementById(id)!;
    let crossing: string | undefined;
    let atEnd = false;
    const choose = () => {
      // Between two sections (their gap is on the line), the last one stays. Scrolled to the end, the last; a
      // page that fits the window, unscrolled, is read from its first.
      const found = window.scrollY <= 0 ? list[0] : atEnd ? list.at(-1) : crossing;
      if (found) setCurrent(found);
    };
    // The line: a one-pixel band of the viewport, remade when the viewport's height changes.
    let line: IntersectionObserver | undefined;
    const watchLine = () => {
      line?.disconnect();
      crossing = undefined;
      line = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const id = list.find((candidate) => sectionOf(candidate) === entry.target);
            if (entry.isIntersecting) crossing = id;
            else if (crossing === id) crossing = undefined;
          }
          choose();
        },
        { rootMargin: `-${IN_VIEW_LINE_PX}px 0px -${Math.max(0, window.innerHeight - IN_VIEW_LINE_PX - 1)}px 0px` },
      );
      for (const id of list) line.observe(sectionOf(id));
    };
    const end = new IntersectionObserver(([entry]) => {
      atEnd = Boolean(entry?.isIntersecting);
      choose();
    });
    watchLine();
    const sentinel = document.getElementById(PAGE_END_ID);
    if (sentinel) end.observe(sentinel);
    window.addEventListener('resize', watchLine);
    return () => {
      window.removeEventListener('resize', watchLine);
      line?.disconnect();
      end.disconnect();
    };
  }, [key]);
  return current;
}
