// Every procedure declares its permission in `meta`; the one middleware enforces it and refuses demo writes.
import { os } from '@orpc/server';
import type { ResponseHeadersPluginContext } from '@orpc/server/plugins';
import { grantsAll, rolesAllow, type Permission } from '#/lib/permissions';
import { apiError, apiTranslator, type Translate } from './api-errors.ts';
import { effectiveRole } from './roles.ts';
import { dataException } from './db/errors.ts';
import { database } from './db/index.ts';
import { env } from './env.ts';
import { logger } from './logger.ts';
import { requestSession } from './request-session.ts';
import { keyCaller, type KeyCaller } from './api-keys.ts';
import { presentedApiKey } from './http/api-key-header.ts';
import { recordDemoRefusal } from './audit/demo-refusal.ts';
import { actingIn, type AuditEventInput } from './audit/record.ts';
import { spendWrite } from './write-budget.ts';

export interface RpcMeta {
  /** Required: a procedure without one fails closed. */
  permission?: Permission | 'signed-in' | 'public';
}

export interface RpcContext extends ResponseHeadersPluginContext {
  request: Request;
}

const READ_ACTIONS = new Set(['read', 'list']);

/** Who a refused write is recorded under. */
type Caller = Pick<AuditEventInput, 'actor' | 'impersonatorId' | 'apiKey'>;
const isWrite = (permission: NonNullable<RpcMeta['permission']>) =>
  typeof permission === 'object' && Object.values(permission).some((actions) => actions?.some((a) => !READ_ACTIONS.has(a)));

/**
 * Also for middleware that refuses writes before the permission step (the organisations' shelf). `who`:
 * the caller when already known (a key's owner and the key); otherwise the request's session is read.
 */
export async function demoRefusal(request: Request, path: string | null, t: Translate, who?: Caller) {
  const session = who ? null : await requestSession(request);
  const caller: Caller = who ?? {
    actor: session ? { id: session.user.id, name: session.user.name } : null,
    impersonatorId: session?.session.impersonatedBy ?? null,
  };
  await recordDemoRefusal(await database(), { ...caller, details: { path }, request });
  return apiError('DEMO_MODE', t('authErrors:DEMO_MODE'));
}

/** A key's own rate limit answers 429 with Retry-After, as the write budget does. */
const retryAfter =
  (context: RpcContext) =>
  (error: unknown): never => {
    const seconds = (error as { data?: { retryAfter?: number } }).data?.retryAfter;
    if (seconds) context.resHeaders?.set('Retry-After', String(seconds));
    throw error;
  };

export const base = os
  .$context<RpcContext>()
  .$meta<RpcMeta>({})
  .use(async ({ context, procedure, next }) => {
    const t: Translate = await apiTranslator(context.request);
    const permission = procedure['~orpc'].meta.permission;
    if (!permission) throw apiError('INTERNAL_SERVER_ERROR', t('api:INTERNAL_SERVER_ERROR'));

    // A key, when one is presented, is the caller: a session cookie beside it is not read.
    const secret = presentedApiKey(context.request);
    const viaKey: KeyCaller | null = secret === undefined ? null : await keyCaller(context.request, secret, t).catch(retryAfter(context));
    const session = viaKey ? null : await requestSession(context.request);
    const caller = viaKey?.owner ?? session?.user;
    const user = caller ? { ...caller, role: effectiveRole(caller) } : null;
    const impersonatorId = session?.session.impersonatedBy ?? null;
    const apiKey = viaKey ? { id: viaKey.key.id, name: viaKey.key.name } : null;

    if (permission !== 'public') {
      if (!user) throw apiError('UNAUTHORIZED', t('api:UNAUTHORIZED'));
      // One's own account, sessions and sign-in methods answer a signed-in person only.
      if (viaKey && permission === 'signed-in') throw apiError('API_KEY_SESSION_ONLY', t('api:API_KEY_SESSION_ONLY'));
      for (const [resource, actions] of permission === 'signed-in' ? [] : Object.entries(permission)) {
        const asked = { [resource]: actions } as Permission;
        // A key holds what it was given and what its owner may do now, whichever is less.
        if (!rolesAllow(user.role, asked) || (viaKey && !grantsAll(viaKey.key.permissions, asked))) {
          throw apiError('FORBIDDEN', t('authErrors:FORBIDDEN', { resource }), { resource });
        }
      }
      if (env().demoMode && isWrite(permission)) {
        throw await demoRefusal(
          context.request,
          procedure['~orpc'].route.path ?? null,
          t,
          actingIn({ user, impersonatorId, apiKey, request: context.request }),
        );
      }
    }
    const db = await database();
    // Every write counts, before its input is read. A demo refuses them all anyway.
    if (user && !env().demoMode && (procedure['~orpc'].route.method ?? 'POST') !== 'GET') {
      const spent = await spendWrite(db, user.id);
      if (!spent.allowed) {
        context.resHeaders?.set('Retry-After', String(spent.retryAfter));
        throw apiError('TOO_MANY_REQUESTS', t('authErrors:TOO_MANY_REQUESTS'), { retryAfter: spent.retryAfter });
      }
    }
    try {
      return await next({ context: { db, user, sessionId: session?.session.id ?? null, impersonatorId, apiKey, t } });
    } catch (error) {
      // A data exception came from the client: 400, not 500. Logged: the input schema should have refused it.
      const sqlState = dataException(error);
      if (!sqlState) throw error;
      logger().warn({ err: error, sqlState, path: procedure['~orpc'].route.path }, 'input refused by the database');
      throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'));
    }
  });
