// The server render calls the router in-process, with the page's request as context; the browser over HTTP.
import { createORPCClient, type ClientLink } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import type { RouterClient } from '@orpc/server';
import { createTanstackQueryUtils } from '@orpc/tanstack-query';
import { createIsomorphicFn } from '@tanstack/react-start';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { AppRouter } from '#/server/router.ts';
import { handledGlobally } from './demo-mode-events';
import { browserI18n } from './i18n/browser';

const link = createIsomorphicFn()
  // The framework's compiler removes this branch from the browser build, and the router with it.
  .server((): ClientLink<Record<never, never>> => ({
    call: async (path, input, options) => (await import('#/server/api-in-process.ts')).inProcessLink.call(path, input, options),
  }))
  // RPC_CLIENT_PREFIX of src/server/api-handler.ts.
  .client((): ClientLink<Record<never, never>> => new RPCLink({ url: `${window.location.origin}/api/rpc/_rpc` }));

export const orpc = createTanstackQueryUtils(createORPCClient<RouterClient<AppRouter>>(link()));

/**
 * The API's own reason for a refusal, in the person's language (src/server/rpc.ts translates it), or
 * '' when there is none fit to show: the network failed ('Failed to fetch'), or the server could not
 * answer ('Internal Server Error', in English). The caller's own message then shows alone. Offline,
 * it says so.
 * @public (a form's own refusals read it; kept when the example that uses it is removed)
 */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error && 'code' in error)) {
    // The request never left: that one the person can act on.
    // (Node has a `navigator` too, without `onLine`.)
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return browserI18n().t('errors.offline', { ns: 'common' });
    return '';
  }
  const { message = '', status } = error as { message?: string; status?: number };
  return typeof status === 'number' && status >= 500 ? '' : message;
}

/** A toast's description: the API's reason, when it has one. */
export const reasonDescription = (error: unknown) => {
  const reason = reasonOf(error);
  return reason ? { description: reason } : undefined;
};

/** Puts a refused write's messages on the form's fields; returns what is left to show as a toast, if anything. */
export function showOnFields<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>) {
  if (handledGlobally(error)) return undefined;
  const message = reasonOf(error);
  const { data } = (error ?? {}) as { data?: { field?: unknown; fields?: Record<string, unknown> } };
  const named: Record<string, unknown> = { ...data?.fields, ...(typeof data?.field === 'string' ? { [data.field]: message } : {}) };
  const shown = fields.filter((field) => typeof named[field] === 'string');
  // The first refused field takes the focus: the person corrects it where they are.
  shown.forEach((field, i) => setError(field, { message: named[field] as string }, { shouldFocus: i === 0 }));
  return shown.length ? undefined : message;
}
