/**
 * The pages' client of the product API, the one API (src/server/router.ts): in the browser it calls
 * oRPC's protocol at /api/rpc/_rpc (src/server/api-handler.ts); on the server render it calls the
 * same router in-process, with the page's request as context. `orpc` gives TanStack Query's
 * options and keys for every procedure (`orpc.books.get.queryOptions({ input })`,
 * `orpc.books.key()`), and `.call` for a plain call.
 *
 * Errors are thrown, as ORPCError: a stable `code`, the HTTP `status`, the `message` already in the
 * page's language, and `data` (`field` for a refused value, `fields` for invalid input).
 * `showOnFields` puts them on a form. Loaded with TanStack Query by the signed-in sections only
 * (decision 026).
 */
import { createORPCClient, type ClientLink } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import type { RouterClient } from '@orpc/server';
import { createTanstackQueryUtils } from '@orpc/tanstack-query';
import { createIsomorphicFn } from '@tanstack/react-start';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { AppRouter } from '#/server/router.ts';
import { handledGlobally } from './demo-mode-events';

const link = createIsomorphicFn()
  // The framework's compiler removes this branch from the browser build, and the router with it.
  .server((): ClientLink<Record<never, never>> => ({
    call: async (path, input, options) => (await import('#/server/api-in-process.ts')).inProcessLink.call(path, input, options),
  }))
  // RPC_CLIENT_PREFIX of src/server/api-handler.ts.
  .client((): ClientLink<Record<never, never>> => new RPCLink({ url: `${window.location.origin}/api/rpc/_rpc` }));

export const orpc = createTanstackQueryUtils(createORPCClient<RouterClient<AppRouter>>(link()));

/**
 * A refused write on a form: the messages the server tied to the form's `fields` (`data.field`, or
 * `data.fields` for invalid input) go on those fields. Returns the message left to show otherwise
 * (a toast), or undefined when there is none: shown on a field, or by a global handler (demo mode).
 */
export function showOnFields<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>) {
  if (handledGlobally(error)) return undefined;
  const { message = '', data } = error as { message?: string; data?: { field?: unknown; fields?: Record<string, unknown> } };
  const named: Record<string, unknown> = { ...data?.fields, ...(typeof data?.field === 'string' ? { [data.field]: message } : {}) };
  const shown = fields.filter((field) => typeof named[field] === 'string');
  for (const field of shown) setError(field, { message: named[field] as string });
  return shown.length ? undefined : message;
}
