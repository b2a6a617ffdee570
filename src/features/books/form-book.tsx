import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BookCover } from '#/components/book-cover';
import { toast } from '#/components/ui/toast';
import { FormActions } from '#/components/form-page';
import { Combobox } from '#/components/ui/combobox';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { UnsavedChangesGuard } from '#/components/unsaved-changes';
import { genreInputSchema, type GenreInput } from '#/features/genres/genres.schema';
import { PictureField, uploadChosenPicture } from '#/features/images/picture-field';
import { orpc, reasonOf, showOnFields } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { bookInputSchema, type Book, type BookInput } from './books.schema';

export function FormBook({ book, onSaved, onCancel }: { book?: Book; onSaved: (book: Book) => void; onCancel: () => void }) {
  const { t } = useTranslation(['catalog', 'images']);
  const queryClient = useQueryClient();
  const [cover, setCover] = useState(book?.coverImage ?? null);
  // A new book's cover waits for Save: the book is created, then the picture is uploaded to it, so a refused
  // create leaves no picture behind. If that upload fails, the form goes on editing the book it has made.
  const [created, setCreated] = useState<Book>();
  const current = book ?? created;
  const [chosenCover, setChosenCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string>();
  const genres = useQuery(orpc.genres.list.queryOptions({ input: { searchTerm: '' } }));
  const saved = useRef(false);
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

  // isDirty is read during render (react-hook-form tracks only what is read); `saved` is a ref
  // because the navigation after saving runs before the next render.
  const dirty = form.formState.isDirty;
  const unsaved = () => (dirty || chosenCover !== null) && !saved.current;

  const save = useMutation({
    mutationFn: (values: BookInput) => {
      const data = bookInputSchema.parse(values);
      return current ? orpc.books.update.call({ id: current.id, ...data }) : orpc.books.create.call(data);
    },
    onSuccess: async (value, values) => {
      if (chosenCover) {
        try {
          value = { ...value, coverImage: await uploadChosenPicture({ kind: 'books', id: value.id }, chosenCover) };
        } catch (error) {
          setCreated(value);
          setChosenCover(null);
          form.reset(values);
          await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
          toast.success(t('form.created'));
          // A demo-mode refusal opens the global dialog.
          if (!handledGlobally(error)) setCoverError((error as Error).message || t('errors.UPLOAD_FAILED', { ns: 'images' }));
          return;
        }
      }
      saved.current = true;
      await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
      onSaved(value);
    },
    onError: (error) => {
      const rest = showOnFields(error, form.setError, ['title', 'author', 'publisher']);
      if (rest !== undefined) toast.error(t('form.saveFailed'), rest ? { description: rest } : undefined);
    },
  });

  const createGenre = useMutation({
    mutationFn: (input: GenreInput) => orpc.genres.create.call(input),
    onSuccess: async (genre) => {
      setGenreError(undefined);
      await queryClient.invalidateQueries({ queryKey: orpc.genres.key() });
      form.setValue('genreId', genre.id, { shouldDirty: true });
      toast.success(t('form.genreCreated'));
    },
    onError: (error) => {
      if (!handledGlobally(error)) setGenreError(reasonOf(error) || t('genre.createFailed'));
    },
  });

  const addGenre = async (name: string) => {
    const parsed = genreInputSchema.safeParse({ name });
    if (!parsed.success) return setGenreError(t(parsed.error.issues[0]!.message.replace('catalog:', '') as 'genre.nameRequired'));
    await createGenre.mutateAsync(parsed.data).catch(() => undefined);
  };

  const message = (key?: string) =>
    key ? (key.startsWith('catalog:') ? t(key.replace('catalog:', '') as 'book.titleRequired') : key) : undefined;
  const errors = form.formState.errors;
  // Controlled: an added genre's option appears on the next render, after its id is already set.
  const genreId = useWatch({ control: form.control, name: 'genreId' });
  // Without a picture, the cover the catalogue will draw, as it is typed.
  const [title, author] = useWatch({ control: form.control, name: ['title', 'author'] });
  const genre = genres.data?.find((g) => g.id === genreId) ?? null;
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex w-full flex-col gap-5">
        <Field label={t('book.title')} error={message(errors.title?.message)}>
          {(ids) => <Input {...ids} dir="auto" {...form.register('title')} />}
        </Field>
        <Field label={t('book.author')} error={message(errors.author?.message)}>
          {(ids) => <Input {...ids} dir="auto" {...form.register('author')} />}
        </Field>
        <p className="-mt-3 text-sm text-muted-foreground">{t('form.titleHelp')}</p>
        <Field label={t('book.genre')} error={genreError}>
          {(ids) => (
            <Combobox
              {...ids}
              options={[{ value: '', label: t('form.noGenre') }, ...(genres.data ?? []).map((g) => ({ value: g.id, label: g.name }))]}
              value={genreId ?? ''}
              onValueChange={(value) => {
                setGenreError(undefined);
                form.setValue('genreId', value || null, { shouldDirty: true });
              }}
              placeholder={t('form.noGenre')}
              searchLabel={t('form.searchGenres')}
              emptyText={t('form.noGenreFound')}
              onCreate={addGenre}
              createLabel={(name) => t('form.createGenre', { name })}
              creating={createGenre.isPending}
            />
          )}
        </Field>
        <Field label={t('book.publisher')} error={message(errors.publisher?.message)}>
          {(ids) => <Input {...ids} dir="auto" {...form.register('publisher')} />}
        </Field>
        <PictureField
          key={current?.id ?? 'new'}
          layout="field"
          target={current ? { kind: 'books', id: current.id } : null}
          url={cover}
          shape="cover"
          placeholder={<BookCover book={{ title, author, genre }} className="w-full" sizes="96px" />}
          title={t('cover.title', { ns: 'images' })}
          description={t(current ? 'cover.description' : 'cover.descriptionNew', { ns: 'images' })}
          error={coverError}
          onPick={(file) => {
            setCoverError(undefined);
            setChosenCover(file);
          }}
          onChange={async (url) => {
            setCover(url);
            setCoverError(undefined);
            await queryClient.invalidateQueries({ queryKey: orpc.books.key() });
          }}
        />
        <FormActions submitLabel={current ? t('form.save') : t('form.create')} pending={save.isPending} onCancel={onCancel} />
      </form>
      <UnsavedChangesGuard unsaved={unsaved} />
    </>
  );
}
