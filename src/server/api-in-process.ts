/**
 * The product API called in-process, for the server render: the same router and middleware as
 * /api/rpc, with the page's request as each procedure's context (its session cookie, its
 * language), and errors translated as over HTTP. Only the server branch of the pages' client
 * (src/lib/api-client.ts) imports it.
 */
import type { ClientLink } from '@orpc/client';
import { createRouterClient, onError } from '@orpc/server';
import { getRequest } from '@tanstack/react-start/server';
import { translateError } from './api-handler.ts';
import { router } from './router.ts';

const client = createRouterClient(router, {
  context: () => ({ request: getRequest() }),
  interceptors: [onError((error, { context }) => translateError(error, context.request))],
});

type Callable = (input: unknown, options: { signal?: AbortSignal }) => Promise<unknown>;

/** An oRPC link that calls a procedure by its path (`['books', 'get']`) on the in-process client. */
export const inProcessLink: ClientLink<Record<never, never>> = {
  call: (path, input, { signal }) => {
    const procedure = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as Callable;
    return procedure(input, { signal });
  },
};
