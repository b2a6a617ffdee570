/** The active organisation's shelf: members read and add, owners and admins remove. */
import { LibraryIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Combobox } from '#/components/ui/combobox';
import { Input } from '#/components/ui/input';
import { authClient } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { useSearchedOptions } from '#/lib/use-searched-options';
import { shelfQuery } from './organizations.queries';
import { organizationRights, type OrganizationPage } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
import { EmptyState } from '#/components/ui/empty-state';

export function OrganizationShelf({ org }: { org: OrganizationPage }) {
  const { t } = useTranslation('organizations');
  const { run, pending } = useOrganizationAction();
  const rights = organizationRights(org.membership.role);
  const { data: shelf } = useQuery({ ...shelfQuery(), enabled: org.active });
  const books = useSearchedOptions(
    (searchTerm) => ({ ...orpc.books.list.queryOptions({ input: { searchTerm, limit: 20 } }), enabled: org.active }),
    (b) => ({ value: b.id, label: `${b.title} — ${b.author}` }),
  );
  const [book, setBook] = useState({ id: '', title: '' });
  const [note, setNote] = useState('');
  const ids = { book: useId(), note: useId() };

  if (!org.active) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="wrap-anywhere text-muted-foreground">{t('shelf.notActive', { name: org.name })}</p>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => void run(() => authClient.organization.setActive({ organizationId: org.id }), t('switched', { name: org.name }))}
        >
          {t('makeActive')}
        </Button>
      </div>
    );
  }
  const onShelf = new Set(shelf?.items.map((i) => i.book.id));

  return (
    <div className="flex flex-col gap-4">
      <p className="wrap-anywhere text-muted-foreground">{t('shelf.intro', { name: org.name })}</p>
      <form
        className="grid gap-2 rounded-lg border p-4 sm:grid-cols-2"
        data-testid="shelf-add-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!book.id) return;
          const added = await run(
            () => orpc.organizations.shelf.add.call({ bookId: book.id, note }),
            t('shelf.added', { title: book.title }),
          );
          if (added) {
            setBook({ id: '', title: '' });
            setNote('');
          }
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.book} className="text-sm font-medium">
            {t('shelf.book')}
          </label>
          <Combobox
            id={ids.book}
            {...books}
            options={books.options.filter((o) => !onShelf.has(o.value))}
            placeholder={t('shelf.bookRequired')}
            searchLabel={t('shelf.findBook')}
            emptyText={t('shelf.noBookMatches')}
            value={book.id}
            onValueChange={(id) => setBook({ id, title: books.options.find((o) => o.value === id)?.label ?? '' })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.note} className="text-sm font-medium">
            {t('shelf.note')}
          </label>
          <Input id={ids.note} dir="auto" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending || !book.id}>
            {t('shelf.add')}
          </Button>
        </div>
      </form>
      {shelf && shelf.items.length === 0 && <EmptyState icon={<LibraryIcon />} title={t('shelf.empty')} />}
      <ul className="grid gap-2" data-testid="shelf-items">
        {shelf?.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3">
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold wrap-anywhere" dir="auto">
                {item.book.title}
              </span>
              <span className="text-sm text-muted-foreground" dir="auto">
                {item.book.author}
              </span>
              {item.note && (
                <span className="text-sm wrap-anywhere" dir="auto">
                  {item.note}
                </span>
              )}
              {item.addedBy && <span className="text-xs text-muted-foreground">{t('shelf.addedBy', { name: item.addedBy.name })}</span>}
            </div>
            {rights.removeFromShelf && (
              <Button
                size="sm"
                variant="secondary"
                disabled={pending}
                aria-label={`${t('shelf.remove')}: ${item.book.title}`}
                onClick={() =>
                  void run(() => orpc.organizations.shelf.remove.call({ id: item.id }), t('shelf.removed', { title: item.book.title }))
                }
              >
                {t('shelf.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
