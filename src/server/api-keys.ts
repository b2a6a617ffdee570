// An API key in place of a session, on the product API only (docs/decisions/073-api-keys.md). Better Auth's
// API-key plugin checks the secret (hashed), its expiry and its own rate limit; the owner is read here on every
// request, so a demotion, a ban or a deletion counts at once. The procedure's permission middleware (rpc.ts)
// then asks both the owner's current role and the key's own permissions.
import { eq } from 'drizzle-orm';
import type { Permission } from '#/lib/permissions';
import { apiError, type Translate } from './api-errors.ts';
import { database } from './db/index.ts';
import { user as userTable } from './db/schema.ts';
import { ownerColumns } from './request-session.ts';

export interface KeyCaller {
  key: { id: string; name: string; permissions: Permission };
  owner: Awaited<ReturnType<typeof readOwner>>;
}

async function readOwner(id: string) {
  const db = await database();
  const [row] = await db.select(ownerColumns).from(userTable).where(eq(userTable.id, id));
  return row;
}

type Verified = {
  valid: boolean;
  error: { code?: string; details?: { tryAgainIn?: number } } | null;
  key: { id: string; name: string | null; referenceId: string; permissions: Record<string, string[]> | null } | null;
};

const perRequest = new WeakMap<Request, Promise<KeyCaller>>();

/** The key's caller, read once per request (its use is counted once); a refusal is a translated 401, 403 or 429. */
export function keyCaller(request: Request, secret: string, t: Translate): Promise<KeyCaller> {
  let caller = perRequest.get(request);
  if (!caller) {
    caller = verify(secret, t);
    perRequest.set(request, caller);
  }
  return caller;
}

async function verify(secret: string, t: Translate): Promise<KeyCaller> {
  const { getAuth } = await import('./auth.ts');
  const auth = await getAuth();
  const result = (await auth.api.verifyApiKey({ body: { key: secret } })) as Verified;
  if (!result.valid || !result.key) {
    const code = result.error?.code;
    if (code === 'RATE_LIMITED') {
      const retryAfter = Math.max(1, Math.ceil((result.error?.details?.tryAgainIn ?? 1000) / 1000));
      throw apiError('TOO_MANY_REQUESTS', t('authErrors:TOO_MANY_REQUESTS'), { retryAfter });
    }
    if (code === 'KEY_EXPIRED') throw apiError('API_KEY_EXPIRED', t('api:API_KEY_EXPIRED'));
    throw apiError('API_KEY_INVALID', t('api:API_KEY_INVALID'));
  }
  const owner = await readOwner(result.key.referenceId);
  if (!owner) throw apiError('API_KEY_INVALID', t('api:API_KEY_INVALID'));
  if (owner.banned && (!owner.banExpires || owner.banExpires.getTime() > Date.now())) {
    throw apiError('BANNED_USER', t('authErrors:BANNED_USER'));
  }
  return {
    key: { id: result.key.id, name: result.key.name ?? '', permissions: (result.key.permissions ?? {}) as Permission },
    owner,
  };
}
