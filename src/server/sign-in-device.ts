// The browser a sign-in code belongs to (docs/decisions/078-sign-in-codes-an-outsider-cannot-spend.md):
// one signed cookie, set by a code request, holding
// - where that browser's pending code is kept (`slot`), so the code works wherever the browser
//   types it, on Wi-Fi or on mobile data, and an outsider's tries and requests use other slots;
// - the accounts that held a session in it (`accounts`), which are served past an address's
//   ceiling of codes: an outsider can spend the ceiling, not the owner's own browser.
// Signed with the auth secret (Better Auth's signed cookies): a client cannot name another's slot
// nor claim an account. A client that keeps no cookies is bound to its address, as before.
import { randomBytes } from 'node:crypto';

/** Better Auth's endpoint context, as far as the cookie needs it. */
export interface CookieCall {
  getSignedCookie: (key: string, secret: string) => Promise<string | null | false>;
  setSignedCookie: (key: string, value: string, secret: string, options?: Record<string, unknown>) => Promise<string>;
  context: {
    secret: string;
    createAuthCookie: (name: string, options?: { maxAge?: number }) => { name: string; attributes: Record<string, unknown> };
  };
}

export interface SignInDevice {
  id: string;
  /** Where its latest code is kept: `device:<id>`, or the address it asked from before it had the cookie. */
  slot: string;
  /** User ids, newest first. */
  accounts: string[];
}

/** A year: as long as "a browser you signed in on" should mean something. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const MAX_ACCOUNTS = 5;

const cookieOf = (call: CookieCall) => call.context.createAuthCookie('sign_in_device', { maxAge: MAX_AGE_SECONDS });

const isDevice = (value: unknown): value is SignInDevice => {
  const v = value as Partial<SignInDevice> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.slot === 'string' &&
    Array.isArray(v.accounts) &&
    v.accounts.every((account) => typeof account === 'string')
  );
};

/** Undefined without the cookie, or with one whose signature does not hold. */
export async function readDevice(call: CookieCall): Promise<SignInDevice | undefined> {
  const value = await call.getSignedCookie(cookieOf(call).name, call.context.secret).catch(() => null);
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return isDevice(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export const newDevice = (slot: (id: string) => string): SignInDevice => {
  const id = randomBytes(18).toString('base64url');
  return { id, slot: slot(id), accounts: [] };
};

export async function writeDevice(call: CookieCall, device: SignInDevice) {
  const { name, attributes } = cookieOf(call);
  const value = Buffer.from(JSON.stringify({ ...device, accounts: device.accounts.slice(0, MAX_ACCOUNTS) })).toString('base64url');
  await call.setSignedCookie(name, value, call.context.secret, attributes);
}

/** After a sign-in: this browser held a session of `userId`. */
export async function rememberAccount(call: CookieCall, userId: string) {
  const device = (await readDevice(call)) ?? newDevice((id) => `device:${id}`);
  if (device.accounts[0] === userId) return;
  await writeDevice(call, { ...device, accounts: [userId, ...device.accounts.filter((account) => account !== userId)] });
}
