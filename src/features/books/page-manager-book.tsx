import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { NoValue } from '#/components/ui/no-value';
import { Button, buttonVariants } from '#/components/ui/button';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { DangerZone } from '#/components/danger-zone';
import { PageHeader } from '#/components/ui/page-header';
import { useDates } from '#/lib/i18n/use-dates';
import { usePermission } from '#/features/auth/use-permission';
import { orpc, reasonDescription } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { BookCover } from '#/components/book-cover';
import { bookQuery } from './books.queries';
import { isolated } from '#/lib/text';

const route = getRouteApi('/manager/books/$id/');

export function PageManagerBook() {
  const { t } = useTranslation(['catalog', 'tables', 'common', 'audit']);
  const dates = useDates();
  const { id } = route.useParams();
  const { data: book } = useSuspenseQuery(bookQuery(id));
  const canUpdate = usePermission({ book: ['update'] });
  const canDelete = usePermission({ book: ['delete'] });
  const canReadAudit = usePermission({ audit: ['read'] });
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A mutation like every write: a demo-mode refusal reaches the one global handler.
  const remove = useMutation(
    orpc.books.delete.mutationOptions({
      onSettled: () => setConfirming(false),
      onError: (error) => {
        if (!handledGlobally(error)) toast.error(t('form.deleteFailed'), reasonDescription(error));
      },
      onSuccess: async () => {
        toast.success(t('form.deleted'));
        // Leave first: refreshing while this page shows would fetch the deleted book again (a 404, retried for seconds).
        await navigate({ to: '/manager/books', search: { searchTerm: '' } });
        queryClient.removeQueries({ queryKey: orpc.books.get.key({ input: { id } }) });
        await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
      },
    }),
  );

  return (
    <article className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        crumbs={[{ label: t('nav.books', { ns: 'common' }), to: '/manager/books' }, { label: <bdi>{book.title}</bdi> }]}
        breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
        title={book.title}
        actions={
          <>
            {canReadAudit && (
              <Link to="/manager/audit" search={{ targetType: 'book', targetId: id }} className={buttonVariants({ variant: 'secondary' })}>
                {t('links.history', { ns: 'audit' })}
              </Link>
            )}
            {canUpdate && (
              <Link to="/manager/books/$id/update" params={{ id }} className={buttonVariants({ variant: 'secondary' })}>
                {t('form.edit')}
              </Link>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-4 sm:flex-row">
        <BookCover book={book} className="w-32 shadow-lg" sizes="128px" />
        <dl className="grid flex-1 gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('book.author')}</dt>
            <dd dir="auto">{book.author}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('book.genre')}</dt>
            <dd className="flex items-center gap-2">
              <span aria-hidden className="inline-block size-3 rounded-full" style={{ backgroundColor: book.genre?.color ?? '#64748b' }} />
              <bdi>{book.genre?.name ?? t('books.noGenre')}</bdi>
            </dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('book.publisher')}</dt>
            <dd dir="auto">{book.publisher || <NoValue />}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('details.created', { ns: 'tables' })}</dt>
            <dd>{dates.dateTime(book.createdAt)}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{t('details.updated', { ns: 'tables' })}</dt>
            <dd>{dates.dateTime(book.updatedAt)}</dd>
          </div>
        </dl>
      </div>
      {canDelete && (
        <DangerZone description={t('form.dangerZoneDescription')}>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            {t('form.delete')}
          </Button>
        </DangerZone>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('form.deleteTitle', { title: isolated(book.title) })}
        description={t('form.deleteDescription')}
        confirmLabel={t('form.delete')}
        confirmDisabled={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
      />
    </article>
  );
}
