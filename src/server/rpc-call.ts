/**
 * How pages call the product API: in-process, from server functions, with the page request as the
 * procedure's context (its session cookie, its language). Same procedures, same middleware.
 */
import { ORPCError } from '@orpc/server';
import { notFound } from '@tanstack/react-router';
import { getRequest } from '@tanstack/react-start/server';
import type { z } from '#/lib/zod';

/** The options for oRPC's `call()` from a server function: `call(procedure, input, pageContext())`. */
export const pageContext = () => ({ context: { request: getRequest() } });

/**
 * A server function's validator for what a page's URL names (`/manager/users/$id`): input the API
 * would refuse (an id too long, with a NUL) names nothing, so the page is a 404, not a failure.
 */
export const validOrNotFound =
  <S extends z.ZodType>(schema: S) =>
  (data: z.input<S>): z.output<S> => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw notFound();
    return parsed.data;
  };

export type WriteError = { code: string; message: string; field?: string };
export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: WriteError };

/**
 * Writes answer `{ error }` for a refusal the page should show (409 on a field, 403 demo mode, …)
 * instead of throwing it: a thrown error would reach the page masked as "Something went wrong".
 */
export async function asWriteResult<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
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
