// The palette itself (loaded on first open): the section's pages and common actions, filtered here;
// users and books found by the server, through the same list procedures as their tables.
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, type NavigateOptions } from '@tanstack/react-router';
import { MoonIcon, SunIcon, UserPlus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusMainHeading } from '#/components/route-focus';
import { Avatar } from '#/components/ui/avatar';
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandLoading } from '#/components/ui/command';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { useTheme } from '#/lib/theme';
import type { PalettePage } from './palette-page';
// example:start
import { BookOpen, BookPlus } from 'lucide-react';
// example:end

/** Server results per group: a palette finds, the tables browse. */
const FOUND = 5;
/** The server is asked once typing pauses. */
const PAUSE_MS = 200;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

function usePaused(value: string) {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}

interface Action {
  id: string;
  label: string;
  icon: ReactNode;
  run: () => void;
}

export default function CommandPaletteContent({
  open,
  onOpenChange,
  pages,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pages: PalettePage[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resolvedTheme, setTheme } = useTheme();
  const [term, setTerm] = useState('');
  const searched = usePaused(term.trim());
  const canListUsers = usePermission({ user: ['list'] });
  const canCreateUser = usePermission({ user: ['create'] });
  const serverSearch = searched.length >= 2;
  const users = useQuery({
    ...orpc.users.list.queryOptions({ input: { searchTerm: searched, limit: FOUND } }),
    enabled: open && serverSearch && canListUsers,
  });
  // example:start
  const canCreateBook = usePermission({ book: ['create'] });
  const books = useQuery({
    ...orpc.books.list.queryOptions({ input: { searchTerm: searched, limit: FOUND } }),
    enabled: open && serverSearch,
  });
  // example:end
  // After going somewhere the new page's heading gets focus (src/components/route-focus.tsx), not the button.
  const [went, setWent] = useState(false);
  // Radix returns focus to a `Dialog.Trigger` only; this opens from state (the button, or the shortcut anywhere).
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  const close = () => {
    onOpenChange(false);
    setTerm('');
  };
  const go = (options: NavigateOptions) => {
    setWent(true);
    close();
    void navigate(options).then(focusMainHeading);
  };

  const creates: Action[] = [];
  if (canCreateUser) {
    creates.push({ id: 'new-user', label: t('palette.newUser'), icon: <UserPlus />, run: () => go({ to: '/manager/users/new' }) });
  }
  // example:start
  if (canCreateBook) {
    creates.push({ id: 'new-book', label: t('palette.newBook'), icon: <BookPlus />, run: () => go({ to: '/manager/books/new' }) });
  }
  // example:end
  const actions: Action[] = [
    ...creates,
    resolvedTheme === 'dark'
      ? { id: 'theme', label: t('palette.themeLight'), icon: <SunIcon />, run: () => (setTheme('light'), close()) }
      : { id: 'theme', label: t('palette.themeDark'), icon: <MoonIcon />, run: () => (setTheme('dark'), close()) },
  ];
  const matches = (label: string) => fold(label).includes(fold(term.trim()));
  const shownPages = pages.filter((page) => matches(page.label));
  const shownActions = actions.filter((action) => matches(action.label));
  const current = serverSearch && term.trim() === searched;
  const foundUsers = current ? (users.data?.items ?? []) : [];
  const fetching = [users.isFetching];
  // example:start
  const foundBooks = current ? (books.data?.items ?? []) : [];
  fetching.push(books.isFetching);
  // example:end
  const loading = serverSearch && (term.trim() !== searched || fetching.includes(true));

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 dark:bg-black/70" />
        <Dialog.Content
          data-testid="command-palette"
          onOpenAutoFocus={() => setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!went && opener?.isConnected) opener.focus();
            setWent(false);
          }}
          className="fixed left-1/2 top-[12dvh] z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border bg-popover shadow-2xl"
        >
          <Dialog.Title className="sr-only">{t('palette.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('palette.hint')}</Dialog.Description>
          <Command shouldFilter={false} label={t('palette.title')} loop>
            <CommandInput value={term} onValueChange={setTerm} placeholder={t('palette.placeholder')} />
            {/* Outside the list: a listbox holds options and groups only (axe's aria-required-children). */}
            {loading && <CommandLoading className="border-b">{t('palette.searching')}</CommandLoading>}
            <CommandList>
              {!loading && <CommandEmpty>{t('palette.empty')}</CommandEmpty>}
              {shownPages.length > 0 && (
                <CommandGroup heading={t('palette.pages')}>
                  {shownPages.map(({ to, label, icon: Icon }) => (
                    <CommandItem key={to} value={`page:${to}`} onSelect={() => go({ to: to as NavigateOptions['to'] })}>
                      <Icon aria-hidden />
                      {label}
                    </CommandItem>
                  ))}
                </CommandGroup>
              )}
              {foundUsers.length > 0 && (
                <CommandGroup heading={t('palette.users')}>
                  {foundUsers.map((user) => (
                    <CommandItem
                      key={user.id}
                      value={`user:${user.id}`}
                      onSelect={() => go({ to: '/manager/users/$id', params: { id: user.id } })}
                    >
                      <Avatar id={user.id} name={user.name} email={user.email} src={user.image} size="xs" />
                      <bdi className="truncate">{user.name || user.email}</bdi>
                      <bdi dir="ltr" className="ms-auto truncate text-xs text-muted-foreground">
                        {user.email}
                      </bdi>
                    </CommandItem>
                  ))}
                </CommandGroup>
              )}
              {/* example:start */}
              {foundBooks.length > 0 && (
                <CommandGroup heading={t('palette.books')}>
                  {foundBooks.map((book) => (
                    <CommandItem
                      key={book.id}
                      value={`book:${book.id}`}
                      onSelect={() => go({ to: '/manager/books/$id', params: { id: book.id } })}
                    >
                      <BookOpen aria-hidden />
                      <bdi className="truncate">{book.title}</bdi>
                      <bdi className="ms-auto truncate text-xs text-muted-foreground">{book.author}</bdi>
                    </CommandItem>
                  ))}
                </CommandGroup>
              )}
              {/* example:end */}
              {shownActions.length > 0 && (
                <CommandGroup heading={t('palette.actions')}>
                  {shownActions.map((action) => (
                    <CommandItem key={action.id} value={`action:${action.id}`} onSelect={action.run}>
                      {action.icon}
                      {action.label}
                    </CommandItem>
                  ))}
                </CommandGroup>
              )}
            </CommandList>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
