/**
 * The pages' way into the books API: server functions that call the same oRPC procedures (same
 * permission middleware, same queries) in-process on the server render, and over /_serverFn after
 * client navigation.
 */
import { call, ORPCError } from '@orpc/server';
import { notFound } from '@tanstack/react-router';
import { createServerFn } from '@tanstack/react-start';
import { asWriteResult, pageContext, validOrNotFound } from '#/server/rpc-call.ts';
import { booksRouter } from './books.router';
import { bookInputSchema, bookListInputSchema, idInputSchema } from './books.schema';

export const listBooks = createServerFn({ method: 'GET' })
  .validator(bookListInputSchema)
  .handler(({ data }) => call(booksRouter.list, data, pageContext()));

export const getBook = createServerFn({ method: 'GET' })
  .validator(validOrNotFound(idInputSchema))
  .handler(async ({ data }) => {
    try {
      return await call(booksRouter.get, data, pageContext());
    } catch (error) {
      if (error instanceof ORPCError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  });

export const createBook = createServerFn({ method: 'POST' })
  .validator(bookInputSchema)
  .handler(({ data }) => asWriteResult(() => call(booksRouter.create, data, pageContext())));

export const updateBook = createServerFn({ method: 'POST' })
  .validator(idInputSchema.extend(bookInputSchema.shape))
  .handler(({ data }) => asWriteResult(() => call(booksRouter.update, data, pageContext())));

export const deleteBook = createServerFn({ method: 'POST' })
  .validator(idInputSchema)
  .handler(({ data }) => asWriteResult(() => call(booksRouter.delete, data, pageContext())));

export type { WriteError, WriteResult } from '#/server/rpc-call.ts';
