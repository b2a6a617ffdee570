/** Genres for the book form: the list, and creating one from the form. */
import { call, ORPCError } from '@orpc/server';
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { genresRouter } from './genres.router';
import { genreInputSchema, genreListInputSchema } from './genres.schema';

const context = () => ({ context: { request: getRequest() } });

export const listGenres = createServerFn({ method: 'GET' })
  .validator(genreListInputSchema)
  .handler(({ data }) => call(genresRouter.list, data, context()));

export const createGenre = createServerFn({ method: 'POST' })
  .validator(genreInputSchema)
  .handler(async ({ data }) => {
    try {
      return { ok: true as const, value: await call(genresRouter.create, data, context()) };
    } catch (error) {
      if (error instanceof ORPCError && error.status < 500)
        return { ok: false as const, error: { code: String(error.code), message: error.message } };
      throw error;
    }
  });
