/**
 * /api/rpc/*: the product API over plain HTTP (REST paths from each procedure's `route`), also
 * what the typed client calls. Invalid input answers 400 with translated field errors; any
 * unexpected failure is logged and answered with a generic 500.
 */
import { OpenAPIHandler } from '@orpc/openapi/fetch';
import { ORPCError, ValidationError, onError } from '@orpc/server';
import { apiError, apiTranslator } from './api-errors.ts';
import { logger } from './logger.ts';
import { router } from './router.ts';

export const RPC_PREFIX = '/api/rpc';

type Issue = { path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string };

const handler = new OpenAPIHandler(router, {
  clientInterceptors: [
    onError(async (error, { context }) => {
      if (!(error instanceof ORPCError)) return;
      const { request } = context as { request: Request };
      if (error.code === 'BAD_REQUEST' && error.cause instanceof ValidationError) {
        const t = await apiTranslator(request);
        const fields: Record<string, string> = {};
        for (const issue of error.cause.issues as readonly Issue[]) {
          const first = issue.path?.[0];
          const key = String(typeof first === 'object' && first !== null ? first.key : (first ?? '_'));
          fields[key] ??= issue.message.includes(':') ? t(issue.message) : t('zod:invalid_input');
        }
        throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields });
      }
      if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause) {
        logger().error({ err: error.cause, url: request.url }, 'product API failure');
        const t = await apiTranslator(request);
        throw apiError('INTERNAL_SERVER_ERROR', t('api:INTERNAL_SERVER_ERROR'));
      }
    }),
  ],
});

export async function handleApiRequest(request: Request): Promise<Response> {
  const { matched, response } = await handler.handle(request, { prefix: RPC_PREFIX, context: { request } });
  if (matched) return response;
  const t = await apiTranslator(request);
  return Response.json({ code: 'NOT_FOUND', message: t('api:NOT_FOUND') }, { status: 404 });
}
