import { OpenAPIHandler } from '@orpc/openapi/fetch';
import { ORPCError, ValidationError, onError } from '@orpc/server';
import { RPCHandler } from '@orpc/server/fetch';
import { StandardOpenAPIMatcher } from '@orpc/openapi/standard';
import { StandardRPCMatcher } from '@orpc/server/standard';
import { ResponseHeadersPlugin } from '@orpc/server/plugins';
import { zodMessage } from '#/lib/i18n/zod-errors';
import { apiError, apiTranslator, type Translate } from './api-errors.ts';
import { logger } from './logger.ts';
import { setRouteTemplate } from './request-context.ts';
import { router } from './router.ts';

export const RPC_PREFIX = '/api/rpc';
/** oRPC's own protocol for the typed client: no route table needed in the browser. */
export const RPC_CLIENT_PREFIX = '/api/rpc/_rpc';

type Issue = { code?: string; keys?: string[]; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string };

/** A schema's own message is a translation key ('catalog:book.titleRequired'); anything else is Zod's English. */
const OWN_KEY = /^[a-zA-Z]+:[\w.-]+$/;

/**
 * Zod's own messages ('Invalid input: expected string, received undefined') made again from the issue's code in
 * the request's language. Its final issues keep no input: the English message says whether the field was missing.
 */
function issueMessage(t: Translate, issue: Issue): string {
  if (OWN_KEY.test(issue.message)) return t(issue.message);
  const missing = /received (undefined|null)$/.test(issue.message);
  // The fields zodMessage reads (code, expected, origin, minimum, …) are all on the final issue.
  return zodMessage(t, { ...issue, input: missing ? undefined : issue.message } as unknown as Parameters<typeof zodMessage>[1]);
}

/** Also for the pages' in-process calls (src/server/api-in-process.ts). */
export async function translateError(error: unknown, request: Request): Promise<void> {
  if (!(error instanceof ORPCError)) return;
  if (error.code === 'BAD_REQUEST' && error.cause instanceof ValidationError) {
    const t = await apiTranslator(request);
    const fields: Record<string, string> = {};
    const unknown: string[] = [];
    for (const issue of error.cause.issues as readonly Issue[]) {
      // Named, so a renamed field is not lost silently.
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys ?? []) fields[key] = t('zod:unrecognized_keys', { keys: key });
        unknown.push(...(issue.keys ?? []));
        continue;
      }
      const first = issue.path?.[0];
      const key = String(typeof first === 'object' && first !== null ? first.key : (first ?? '_'));
      fields[key] ??= issueMessage(t, issue);
    }
    const message = unknown.length ? t('zod:unrecognized_keys', { keys: unknown.join(', ') }) : t('api:INPUT_VALIDATION_FAILED');
    throw apiError('INPUT_VALIDATION_FAILED', message, { fields });
  }
  if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause) {
    logger().error({ err: error.cause, url: request.url }, 'product API failure');
    const t = await apiTranslator(request);
    throw apiError('INTERNAL_SERVER_ERROR', t('api:INTERNAL_SERVER_ERROR'));
  }
}

// ResponseHeadersPlugin: a procedure's middleware may set a header (Retry-After).
const restHandler = new OpenAPIHandler(router, {
  plugins: [new ResponseHeadersPlugin()],
  clientInterceptors: [onError((error, { context }) => translateError(error, context.request))],
});
const rpcHandler = new RPCHandler(router, {
  plugins: [new ResponseHeadersPlugin()],
  clientInterceptors: [onError((error, { context }) => translateError(error, context.request))],
});

// oRPC's own matchers, again, for the metrics' label: the handlers say only whether a procedure matched.
const restRoutes = new StandardOpenAPIMatcher();
restRoutes.init(router);
const rpcRoutes = new StandardRPCMatcher();
rpcRoutes.init(router);

/** `/api/rpc/books/{id}` (the procedure's route), `/api/rpc/_rpc/books/get` (its path): never the request's ids. */
async function routeTemplate(request: Request, rpc: boolean): Promise<string | undefined> {
  const prefix = rpc ? RPC_CLIENT_PREFIX : RPC_PREFIX;
  const pathname = `/${new URL(request.url).pathname.slice(prefix.length).replace(/^\/|\/$/g, '')}` as `/${string}`;
  const match = await (rpc ? rpcRoutes : restRoutes).match(request.method, pathname).catch(() => undefined);
  if (!match) return undefined;
  return rpc ? `${prefix}/${match.path.join('/')}` : `${prefix}${match.procedure['~orpc'].route.path ?? `/${match.path.join('/')}`}`;
}

export async function handleApiRequest(request: Request): Promise<Response> {
  const response = await dispatch(request);
  // Every answer is personal or may be: no shared or browser cache keeps it.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function dispatch(request: Request): Promise<Response> {
  const rpc = new URL(request.url).pathname.startsWith(`${RPC_CLIENT_PREFIX}/`);
  const { matched, response } = rpc
    ? await rpcHandler.handle(request, { prefix: RPC_CLIENT_PREFIX, context: { request } })
    : await restHandler.handle(request, { prefix: RPC_PREFIX, context: { request } });
  if (matched) {
    const template = await routeTemplate(request, rpc);
    if (template) setRouteTemplate(template);
    return response;
  }
  const t = await apiTranslator(request);
  return Response.json({ code: 'NOT_FOUND', message: t('api:NOT_FOUND') }, { status: 404 });
}
