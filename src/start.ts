/**
 * The framework's global middleware. Server functions keep the default CSRF check (defining a
 * start instance replaces it, so it is listed here), and an unexpected error inside one never
 * reaches the browser with its message: it is logged and replaced by a generic one.
 */
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start';

export const GENERIC_SERVER_ERROR = 'Something went wrong';

const csrf = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' });

const maskUnexpectedErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next();
  } catch (error) {
    if (isRedirect(error) || isNotFound(error)) throw error;
    const { logger } = await import('#/server/logger.ts');
    logger().error({ err: error }, 'server function failed');
    // No `cause`: it would be serialized to the browser with the very detail this hides.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(GENERIC_SERVER_ERROR);
  }
});

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf],
  functionMiddleware: [maskUnexpectedErrors],
}));
