/**
 * The pages' way into the books API: server functions that call the same oRPC procedures (same
 * permission middleware, same queries) in-process on the server render, and over /_serverFn after
 * client navigation.
 */
import { call, ORPCError } from '@orpc/server';
import { notFound } from '@tanstack/react-router';
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { booksRouter } from './books.router';
import { bookInputSchema, bookListInputSchema, idInputSchema } from './books.schema';

const context = () => ({ context: { request: getRequest() } });

export const listBooks = createServerFn({ method: 'GET' })
  .validator(bookListInputSchema)
  .handler(({ data }) => call(booksRouter.list, data, context()));

export const getBook = createServerFn({ method: 'GET' })
  .validator(idInputSchema)
  .handler(async ({ data }) => {
    try {
      return await call(booksRouter.get, data, context());
    } catch (error) {
      if (error instanceof ORPCError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  });

/**
 * Writes answer `{ error }` for a refusal the page should show (409 on a field, 403 demo mode, …)
 * instead of throwing it: a thrown error would be masked as "Something went wrong".
 */
export type WriteError = { code: string; message: string; field?: string };
export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: WriteError };

async function write<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ORPCError && error.status < 500) {
      const field = (error.data as { field?: unknown } | undefined)?.field;
      return { ok: false, error: { code: String(error.code), message: error.message, ...(typeof field === 'string' ? { field } : {}) } };
    }
    throw error;
  }
}

export const createBook = createServerFn({ method: 'POST' })
  .validator(bookInputSchema)
  .handler(({ data }) => write(() => call(booksRouter.create, data, context())));

export const updateBook = createServerFn({ method: 'POST' })
  .validator(idInputSchema.extend(bookInputSchema.shape))
  .handler(({ data }) => write(() => call(booksRouter.update, data, context())));

export const deleteBook = createServerFn({ method: 'POST' })
  .validator(idInputSchema)
  .handler(({ data }) => write(() => call(booksRouter.delete, data, context())));
