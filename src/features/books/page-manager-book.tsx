/** /manager/books/{id}: the book, with Edit and Delete (confirmed first). */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button, buttonVariants } from '#/components/ui/button';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { BookCover } from './book-cover';
import { BookHeading } from './book-heading';
import { bookQuery } from './books.queries';

const route = getRouteApi('/manager/books/$id/');

export function PageManagerBook() {
  const { t } = useTranslation('catalog');
  const { id } = route.useParams();
  const { data: book } = useSuspenseQuery(bookQuery(id));
  const canUpdate = usePermission({ book: ['update'] });
  const canDelete = usePermission({ book: ['delete'] });
  const canReadAudit = usePermission({ audit: ['read'] });
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A mutation like every write: a demo-mode refusal reaches the one global handler (the dialog).
  const remove = useMutation(
    orpc.books.delete.mutationOptions({
      onSettled: () => setConfirming(false),
      onError: (error) => {
        if (!handledGlobally(error)) toast.error(t('form.deleteFailed'), { description: error.message });
      },
      onSuccess: async () => {
        toast.success(t('form.deleted'));
        // Leave first: refreshing while this page shows would fetch the deleted book again (a 404,
        // retried with back-off for seconds). Then forget it, and refresh the lists.
        await navigate({ to: '/manager/books', search: { searchTerm: '' } });
        queryClient.removeQueries({ queryKey: orpc.books.get.key({ input: { id } }) });
        await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
      },
    }),
  );

  return (
    <article className="flex max-w-3xl flex-col gap-4">
      <div className="flex gap-4">
        <BookCover book={book} className="h-36 w-24" />
        <div className="flex flex-col gap-1">
          <BookHeading book={book} />
          {book.publisher && (
            <p className="text-sm text-neutral-700 dark:text-neutral-300" dir="auto">
              {book.publisher}
            </p>
          )}
        </div>
      </div>
      <div className="flex gap-2">
        {canUpdate && (
          <Link to="/manager/books/$id/update" params={{ id }} className={buttonVariants({ variant: 'secondary' })}>
            {t('form.edit')}
          </Link>
        )}
        {canReadAudit && (
          <Link to="/manager/audit" search={{ targetType: 'book', targetId: id }} className={buttonVariants({ variant: 'secondary' })}>
            {t('links.history', { ns: 'audit' })}
          </Link>
        )}
        {canDelete && (
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            {t('form.delete')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('form.deleteTitle')}
        description={t('form.deleteDescription')}
        cancelLabel={t('form.stay')}
        confirmLabel={t('form.delete')}
        confirmDisabled={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
      />
    </article>
  );
}
