// No server-side request forgery (docs/decisions/074-webhooks.md): an endpoint is https on a public address,
// checked when it is registered and again at each delivery, after DNS, on the address actually connected to.
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface TargetRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

export type TargetProblem = 'WEBHOOK_URL_INVALID' | 'WEBHOOK_HTTPS_REQUIRED' | 'WEBHOOK_PORT_NOT_ALLOWED' | 'WEBHOOK_PRIVATE_ADDRESS';

/**
 * https's own port and its usual alternative: any port would make the delivery log a port scanner of any host
 * (`https://1.1.1.1:22/` — connection refused, or a TLS failure — issue #53 round 3, N7). With plain http allowed
 * (a developer's receiver on their own machine), any port.
 */
const ALLOWED_PORTS: ReadonlySet<string> = new Set(['', '443', '8443']);

/** IETF-reserved `::/8`: the unspecified and loopback addresses, and the deprecated IPv4-compatible `::/96`. */
const RESERVED_V6 = ipaddr.parseCIDR('::/8');

/** Public unicast only: not loopback, private, link-local (the cloud metadata address), shared, reserved or multicast. */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped address (`::ffff:a.b.c.d`) is judged as the IPv4 address it stands for.
  const parsed = ipaddr.process(address);
  // ipaddr.js calls the rest of ::/8 `unicast`: `::127.0.0.1` would pass (issue #53, G9).
  if (parsed.kind() === 'ipv6' && parsed.match(RESERVED_V6)) return false;
  return parsed.range() === 'unicast';
}

/** The URL as stored: WHATWG's normal form (`https://:@1.1.1.1` is `https://1.1.1.1/`). */
export const normalisedUrl = (raw: string): string => new URL(raw).href;

/** What is wrong with `raw` as an endpoint, before any DNS: its form, its scheme, an address written in it. */
export function targetProblem(raw: string, rules: TargetRules): TargetProblem | null {
  if (!URL.canParse(raw)) return 'WEBHOOK_URL_INVALID';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'WEBHOOK_URL_INVALID';
  if (url.username || url.password || !url.hostname) return 'WEBHOOK_URL_INVALID';
  if (url.protocol === 'http:' && !rules.allowHttp) return 'WEBHOOK_HTTPS_REQUIRED';
  const port = rules.allowHttp || ALLOWED_PORTS.has(url.port) ? null : 'WEBHOOK_PORT_NOT_ALLOWED';
  if (rules.allowPrivate) return port;
  // `localhost.` is `localhost`: the trailing dot of a fully qualified name changes nothing to DNS.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? port : 'WEBHOOK_PRIVATE_ADDRESS';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'WEBHOOK_PRIVATE_ADDRESS';
  return port;
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
