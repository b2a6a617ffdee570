// Our rules around Better Auth's passkey plugin (docs/decisions/067-passkeys.md): a new passkey is
// named after the device that made it, and a sign-in records when the passkey was last used (the
// plugin's table has no such column). An administrator acting as someone adds none (impersonation-rules.ts).
import Bowser from 'bowser';
import { eq } from 'drizzle-orm';
import { apiTranslator } from './api-errors.ts';
import type { Database } from './db/client.ts';
import { passkey } from './db/schema.ts';

export const PASSKEY_NAME_MAX = 64;

const ADDING = new Set(['/passkey/generate-register-options', '/passkey/verify-registration']);

interface PasskeyCall {
  path: string;
  body?: unknown;
  request?: Request;
  headers?: Headers;
}

const bodyOf = (call: PasskeyCall): Record<string, unknown> =>
  call.body && typeof call.body === 'object' && !Array.isArray(call.body) ? (call.body as Record<string, unknown>) : {};

/** "Chrome on Linux", in the caller's language; "Passkey" when the browser says nothing we can read. */
async function deviceName(request: Request | undefined, headers?: Headers): Promise<string> {
  const t = await apiTranslator(request ?? new Request('http://localhost/', { headers }));
  const userAgent = (request?.headers ?? headers)?.get('user-agent');
  const { browser, os } = userAgent ? Bowser.parse(userAgent) : { browser: {}, os: {} };
  const name = browser.name && os.name ? t('account:passkeys.deviceName', { browser: browser.name, os: os.name }) : browser.name || os.name;
  return (name || t('account:passkeys.defaultName')).slice(0, PASSKEY_NAME_MAX);
}

/**
 * Before the plugin's endpoint. Returns the body to use instead, when it names the new passkey.
 * (An administrator acting as someone adds none: src/server/impersonation-rules.ts.)
 */
export async function beforePasskeyCall(call: PasskeyCall): Promise<Record<string, unknown> | undefined> {
  if (!ADDING.has(call.path)) return undefined;
  if (call.path !== '/passkey/verify-registration') return undefined;
  const body = bodyOf(call);
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  return name ? undefined : { ...body, name: await deviceName(call.request, call.headers) };
}

/** After a passkey's sign-in: when it was last used, in the sign-in's transaction. */
export async function afterPasskeyCall(db: Database, call: PasskeyCall & { context: { returned?: unknown } }) {
  if (call.path !== '/passkey/verify-authentication' || call.context.returned instanceof Error) return;
  const response = bodyOf(call).response as { id?: unknown } | undefined;
  if (typeof response?.id !== 'string') return;
  await db.update(passkey).set({ lastUsedAt: new Date() }).where(eq(passkey.credentialID, response.id));
}
