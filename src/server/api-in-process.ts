// The server render calls the same router and middleware as /api/rpc, with the page's request as context.
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

export const inProcessLink: ClientLink<Record<never, never>> = {
  call: (path, input, { signal }) => {
    const procedure = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as Callable;
    return procedure(input, { signal });
  },
};
