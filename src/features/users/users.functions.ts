/**
 * The pages' way into the users API (same procedures and middleware, in-process on the server
 * render) and to the user's sessions (Better Auth's admin endpoint, with the page's cookies).
 */
import { call, ORPCError } from '@orpc/server';
import { notFound } from '@tanstack/react-router';
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { asWriteResult, pageContext, validOrNotFound } from '#/server/rpc-call.ts';
import { describeUserAgent } from '#/server/user-agent.ts';
import { usersRouter } from './users.router';
import { userIdInputSchema, userInputSchema, userListInputSchema } from './users.schema';

export const listUsers = createServerFn({ method: 'GET' })
  .validator(userListInputSchema)
  .handler(({ data }) => call(usersRouter.list, data, pageContext()));

export const getUser = createServerFn({ method: 'GET' })
  .validator(validOrNotFound(userIdInputSchema))
  .handler(async ({ data }) => {
    try {
      return await call(usersRouter.get, data, pageContext());
    } catch (error) {
      if (error instanceof ORPCError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  });

export const createUser = createServerFn({ method: 'POST' })
  .validator(userInputSchema)
  .handler(({ data }) => asWriteResult(() => call(usersRouter.create, data, pageContext())));

export const updateUser = createServerFn({ method: 'POST' })
  .validator(userIdInputSchema.extend(userInputSchema.shape))
  .handler(({ data }) => asWriteResult(() => call(usersRouter.update, data, pageContext())));

/** A user's sessions, newest activity first (Better Auth checks `session: list`). */
export const listUserSessions = createServerFn({ method: 'GET' })
  .validator(validOrNotFound(userIdInputSchema))
  .handler(async ({ data }) => {
    const auth = await (await import('#/server/auth.ts')).getAuth();
    const { sessions } = await auth.api.listUserSessions({ body: { userId: data.id }, headers: getRequest().headers });
    return sessions
      .map((s) => ({
        id: s.id,
        token: s.token,
        createdAt: new Date(s.createdAt),
        updatedAt: new Date(s.updatedAt),
        expiresAt: new Date(s.expiresAt),
        ipAddress: s.ipAddress ?? null,
        device: describeUserAgent(s.userAgent),
        impersonatedBy: (s as { impersonatedBy?: string | null }).impersonatedBy ?? null,
      }))
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  });

export type UserSession = Awaited<ReturnType<typeof listUserSessions>>[number];
export type { WriteError, WriteResult } from '#/server/rpc-call.ts';
