/** The product API: every feature's procedures, under /api/rpc (REST and typed client alike). */
import { booksRouter } from '#/features/books/books.router';
import { genresRouter } from '#/features/genres/genres.router';

export const router = {
  books: booksRouter,
  genres: genresRouter,
};

export type AppRouter = typeof router;
