/**
 * The book form (new and update): title, author, genre (with adding a genre on the spot) and
 * publisher, validated by the same schema as the API. A refused title shows on its field; leaving
 * with unsaved changes asks first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { NativeSelect } from '#/components/ui/native-select';
import { UnsavedChangesGuard } from '#/components/unsaved-changes';
import { genreInputSchema, type GenreInput } from '#/features/genres/genres.schema';
import { PictureField } from '#/features/images/picture-field';
import { orpc, showOnFields } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { bookInputSchema, type Book, type BookInput } from './books.schema';

export function FormBook({ book, onSaved }: { book?: Book; onSaved: (book: Book) => void }) {
  const { t } = useTranslation(['catalog', 'images']);
  const queryClient = useQueryClient();
  const [cover, setCover] = useState(book?.coverImage ?? null);
  const genres = useQuery(orpc.genres.list.queryOptions({ input: { searchTerm: '' } }));
  const saved = useRef(false);
  const [newGenre, setNewGenre] = useState('');
  const [genreError, setGenreError] = useState<string>();
  const form = useForm<BookInput>({
    resolver: zodResolver(bookInputSchema),
    defaultValues: {
      title: book?.title ?? '',
      author: book?.author ?? '',
      genreId: book?.genre?.id ?? null,
      publisher: book?.publisher ?? '',
    },
  });

  // isDirty is read during render (react-hook-form tracks only what a component reads); `saved` is
  // a ref because the navigation after saving runs before the next render.
  const dirty = form.formState.isDirty;
  const unsaved = () => dirty && !saved.current;

  const save = useMutation({
    mutationFn: (values: BookInput) => {
      const data = bookInputSchema.parse(values);
      return book ? orpc.books.update.call({ id: book.id, ...data }) : orpc.books.create.call(data);
    },
    onSuccess: async (value) => {
      saved.current = true;
      await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
      onSaved(value);
    },
    onError: (error) => {
      const rest = showOnFields(error, form.setError, ['title', 'author', 'publisher']);
      if (rest !== undefined) toast.error(rest || t('form.saveFailed'));
    },
  });

  const createGenre = useMutation({
    mutationFn: (input: GenreInput) => orpc.genres.create.call(input),
    onSuccess: async (genre) => {
      setGenreError(undefined);
      setNewGenre('');
      await queryClient.invalidateQueries({ queryKey: orpc.genres.key() });
      form.setValue('genreId', genre.id, { shouldDirty: true });
      toast.success(t('form.genreCreated'));
    },
    onError: (error) => {
      if (!handledGlobally(error)) setGenreError(error.message);
    },
  });

  const addGenre = () => {
    const parsed = genreInputSchema.safeParse({ name: newGenre });
    if (!parsed.success) return setGenreError(t(parsed.error.issues[0]!.message.replace('catalog:', '') as 'genre.nameRequired'));
    createGenre.mutate(parsed.data);
  };

  const message = (key?: string) =>
    key ? (key.startsWith('catalog:') ? t(key.replace('catalog:', '') as 'book.titleRequired') : key) : undefined;
  const errors = form.formState.errors;
  // Controlled: an added genre's option appears on the next render, after its id is already set.
  const genreId = useWatch({ control: form.control, name: 'genreId' });
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex max-w-xl flex-col gap-4">
        <Field label={t('book.title')} error={message(errors.title?.message)}>
          {(ids) => <Input {...ids} {...form.register('title')} />}
        </Field>
        <Field label={t('book.author')} error={message(errors.author?.message)}>
          {(ids) => <Input {...ids} {...form.register('author')} />}
        </Field>
        <Field label={t('book.genre')}>
          {(ids) => (
            <NativeSelect
              {...ids}
              value={genreId ?? ''}
              onChange={(e) => form.setValue('genreId', e.target.value || null, { shouldDirty: true })}
            >
              <option value="">{t('form.noGenre')}</option>
              {genres.data?.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <div className="flex flex-col gap-2 rounded-md border border-dashed border-neutral-300 p-3 dark:border-neutral-700">
          <Field label={t('form.newGenreName')} error={genreError}>
            {(ids) => <Input {...ids} value={newGenre} onChange={(e) => setNewGenre(e.target.value)} />}
          </Field>
          <Button variant="secondary" className="self-start" disabled={createGenre.isPending} onClick={addGenre}>
            {t('form.addGenre')}
          </Button>
        </div>
        <Field label={t('book.publisher')} error={message(errors.publisher?.message)}>
          {(ids) => <Input {...ids} {...form.register('publisher')} />}
        </Field>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {book ? t('form.save') : t('form.create')}
        </Button>
      </form>
      {book ? (
        <div className="max-w-xl">
          <PictureField
            target={{ kind: 'books', id: book.id }}
            url={cover}
            shape="cover"
            title={t('cover.title', { ns: 'images' })}
            description={t('cover.description', { ns: 'images' })}
            onChange={async (url) => {
              setCover(url);
              await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
            }}
          />
        </div>
      ) : (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('cover.saveFirst', { ns: 'images' })}</p>
      )}
      <UnsavedChangesGuard unsaved={unsaved} />
    </>
  );
}
