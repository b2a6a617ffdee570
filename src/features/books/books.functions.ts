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
import { bookListInputSchema, idInputSchema } from './books.schema';

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
