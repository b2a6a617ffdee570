// The network a client address stands for when something is counted per client. One IPv6 address
// is nothing: a home gets a /64 (often a /56 or /48) and a script takes a new address from it for
// every request. Better Auth's rate limits count IPv6 by /64 (its `normalizeIP`, used here too).
import { normalizeIP } from '@better-auth/core/utils/ip';

export interface NetworkBits {
  ipv4: 24 | 32;
  ipv6: 48 | 56 | 64;
}

/** One client: an IPv4 address, an IPv6 /64 (the demo's refusals, the per-client code quotas before). */
export const ONE_CLIENT: NetworkBits = { ipv4: 32, ipv6: 64 };
/** One network (a provider's /24, a site's /48): what an outsider with many addresses still counts as. */
export const ONE_NETWORK: NetworkBits = { ipv4: 24, ipv6: 48 };

/** `203.0.113.0/24`, `2001:0db8:0001:0000:0000:0000:0000:0000/48`; anything that is no address, as it is. */
export function addressNetwork(ip: string, bits: NetworkBits): string {
  const normalized = normalizeIP(ip.trim(), { ipv6Subnet: bits.ipv6 });
  if (normalized.includes(':')) return `${normalized}/${bits.ipv6}`;
  const octets = normalized.split('.');
  if (octets.length !== 4) return normalized;
  return bits.ipv4 === 24 ? `${octets.slice(0, 3).join('.')}.0/24` : `${normalized}/32`;
}
