// No server-side request forgery (docs/decisions/074-webhooks.md): an endpoint is https on a public address,
// checked when it is registered and again at each delivery, after DNS, on the address actually connected to.
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface TargetRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

export type TargetProblem = 'WEBHOOK_URL_INVALID' | 'WEBHOOK_HTTPS_REQUIRED' | 'WEBHOOK_PRIVATE_ADDRESS';

/** Public unicast only: not loopback, private, link-local (the cloud metadata address), shared, reserved or multicast. */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** What is wrong with `raw` as an endpoint, before any DNS: its form, its scheme, an address written in it. */
export function targetProblem(raw: string, rules: TargetRules): TargetProblem | null {
  if (!URL.canParse(raw)) return 'WEBHOOK_URL_INVALID';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'WEBHOOK_URL_INVALID';
  if (url.username || url.password || !url.hostname) return 'WEBHOOK_URL_INVALID';
  if (url.protocol === 'http:' && !rules.allowHttp) return 'WEBHOOK_HTTPS_REQUIRED';
  if (rules.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'WEBHOOK_PRIVATE_ADDRESS';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'WEBHOOK_PRIVATE_ADDRESS';
  return null;
}

/** DNS for a delivery's socket: every address the name has must be public, or the connection is refused. */
export function guardedLookup(rules: TargetRules): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = rules.allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${refused.address}, not a public address`), { code: 'EPRIVATE' }),
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
