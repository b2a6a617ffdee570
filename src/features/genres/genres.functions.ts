/** Genres for the book form: the list, and creating one from the form. */
import { call } from '@orpc/server';
import { createServerFn } from '@tanstack/react-start';
import { asWriteResult, pageContext } from '#/server/rpc-call.ts';
import { genresRouter } from './genres.router';
import { genreInputSchema, genreListInputSchema } from './genres.schema';

export const listGenres = createServerFn({ method: 'GET' })
  .validator(genreListInputSchema)
  .handler(({ data }) => call(genresRouter.list, data, pageContext()));

export const createGenre = createServerFn({ method: 'POST' })
  .validator(genreInputSchema)
  .handler(({ data }) => asWriteResult(() => call(genresRouter.create, data, pageContext())));
