/**
 * The client's address (decision 029): the socket's peer, unless that peer is a proxy trusted by
 * `TRUSTED_PROXIES`; then the address that proxy appended to X-Forwarded-For, walking back through
 * the chain while the hops are trusted (Express's `proxy-addr`, the algorithm most proxies assume).
 *
 * `TRUSTED_PROXIES` is `loopback` by default (a reverse proxy on this host), or a comma-separated
 * list of addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`, or a number
 * of hops (the load balancers in front of the app, e.g. `1`). A client can put anything in
 * X-Forwarded-For; only entries appended by trusted peers are believed.
 */
import proxyAddr from 'proxy-addr';

export type TrustedProxies = { hops: number } | { ranges: string[] };

/** Parses the setting; throws with a message naming the bad entry. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? 'loopback').trim();
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const ranges = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const range of ranges) {
    try {
      proxyAddr.compile(range);
    } catch {
      throw new Error(`TRUSTED_PROXIES: '${range}' is not an address, a CIDR range, loopback, linklocal, uniquelocal or a hop count`);
    }
  }
  return { ranges };
}

export function createClientAddress(trusted: TrustedProxies) {
  const trust = 'hops' in trusted ? (_address: string, hop: number) => hop < trusted.hops : proxyAddr.compile(trusted.ranges);
  /** The address of the client that sent `request`, or undefined when the socket's is unknown. */
  function clientAddress(request: Request): string | undefined {
    const peer = (request as { ip?: string }).ip;
    if (!peer) return undefined;
    const forwarded = request.headers.get('x-forwarded-for');
    if (!forwarded) return peer;
    // proxy-addr reads a Node request; these are the two fields it uses.
    const nodeLike = { connection: { remoteAddress: peer }, socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwarded } };
    return proxyAddr(nodeLike as unknown as Parameters<typeof proxyAddr>[0], trust);
  }
  /** Whether the socket's peer is a trusted proxy (whose headers, X-Request-Id too, are believed). */
  clientAddress.fromTrustedProxy = (request: Request): boolean => {
    const peer = (request as { ip?: string }).ip;
    return Boolean(peer) && trust(peer!, 0);
  };
  return clientAddress;
}
