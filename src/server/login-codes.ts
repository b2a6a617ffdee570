/**
 * Sign-in codes: whose a code is.
 *
 * Better Auth keeps one code per address (identifier `sign-in-otp-<email>`): each request replaced
 * it and 3 wrong tries used it up, whoever made them, so anyone could keep an owner from signing
 * in. Here a code also belongs to the client that asked for it: its address, or in a public demo
 * its browser (the `sb-mailbox` cookie). An outsider's requests and wrong tries then only ever
 * reach the outsider's own code.
 */
import { tryGetCurrentAuthEndpointContext } from '@better-auth/core/context';
import type { BetterAuthOptions } from 'better-auth';
import { getIP } from 'better-auth/api';
import { mailboxOwner, perBrowserMailbox } from './email/dev-mailbox.ts';
import type { Env } from './env.ts';

interface Call {
  request?: Request;
  headers?: Headers;
  context: { options: BetterAuthOptions };
}

/** The client's address as Better Auth's rate limits count it (IPv6 by /64); '' when unknown. */
export const clientAddress = (call: Call) => getIP(call.request ?? call.headers ?? new Headers(), call.context.options) ?? '';

/**
 * `verification.storeIdentifier` for Better Auth: every read and write of a sign-in code goes
 * through it, within the request (whose client it reads), so the stored identifier names the client.
 */
export function perClientCodes(e: Env) {
  const client = () => {
    const call = tryGetCurrentAuthEndpointContext();
    if (!call) return '';
    const visitor = perBrowserMailbox(e) ? mailboxOwner(call.request) : undefined;
    return visitor ? `mailbox:${visitor}` : clientAddress(call);
  };
  return {
    default: 'plain',
    overrides: { 'sign-in-otp-': { hash: async (identifier: string) => `${identifier}#${client()}` } },
  } as const;
}
