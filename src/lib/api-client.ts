// The server render calls the router in-process, with the page's request as context; the browser over HTTP.
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

/** Puts a refused write's messages on the form's fields; returns what is left to show as a toast, if anything. */
export function showOnFields<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>) {
  if (handledGlobally(error)) return undefined;
  // Not an answer of the API (the network failed, say): its text ('Failed to fetch') means nothing
  // to a person, so the caller's own message shows alone.
  if (!(error instanceof Error && 'code' in error)) return '';
  const { message = '', data } = error as { message?: string; data?: { field?: unknown; fields?: Record<string, unknown> } };
  const named: Record<string, unknown> = { ...data?.fields, ...(typeof data?.field === 'string' ? { [data.field]: message } : {}) };
  const shown = fields.filter((field) => typeof named[field] === 'string');
  // The first refused field takes the focus: the person corrects it where they are.
  shown.forEach((field, i) => setError(field, { message: named[field] as string }, { shouldFocus: i === 0 }));
  return shown.length ? undefined : message;
}
