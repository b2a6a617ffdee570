import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { createClientAddress, parseTrustedProxies } from './client-address.ts';

const from = (ip: string, forwardedFor?: string) =>
  Object.assign(new Request('http://localhost/api/auth/x', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }), { ip });

describe('client address (TRUSTED_PROXIES, decision 029)', () => {
  it('by default believes X-Forwarded-For only from a proxy on this host', () => {
    const address = createClientAddress(parseTrustedProxies(undefined));
    expect(address(from('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
    expect(address(from('127.0.0.1', '198.51.100.7, 203.0.113.5'))).toBe('203.0.113.5');
    expect(address(from('::1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(address(from('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('behind a load balancer on another host: the address it appended, not one a client forged', () => {
    const address = createClientAddress(parseTrustedProxies('10.0.0.0/8'));
    // The client forged 1.2.3.4; the balancer (10.0.0.5) appended the address it saw.
    expect(address(from('10.0.0.5', '1.2.3.4, 198.51.100.20'))).toBe('198.51.100.20');
    // Two trusted hops in a row are walked back.
    expect(address(from('10.0.0.5', '198.51.100.21, 10.0.3.3'))).toBe('198.51.100.21');
    // A peer outside the range is the client, whatever it says.
    expect(address(from('198.51.100.99', '1.2.3.4'))).toBe('198.51.100.99');
    // Loopback is not trusted unless listed.
    expect(address(from('127.0.0.1', '1.2.3.4'))).toBe('127.0.0.1');
  });

  it('with a hop count: that many proxies, wherever they are', () => {
    const address = createClientAddress(parseTrustedProxies('1'));
    expect(address(from('192.0.2.1', '1.2.3.4, 198.51.100.30'))).toBe('198.51.100.30');
    expect(createClientAddress(parseTrustedProxies('2'))(from('192.0.2.1', '1.2.3.4, 198.51.100.30'))).toBe('1.2.3.4');
    expect(createClientAddress(parseTrustedProxies('0'))(from('192.0.2.1', '1.2.3.4'))).toBe('192.0.2.1');
  });

  it('stops start-up with one line naming a bad entry', () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, not-an-address' })).toThrow(
      "TRUSTED_PROXIES: 'not-an-address' is not an address, a CIDR range, loopback, linklocal, uniquelocal or a hop count",
    );
    expect(parseEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).trustedProxies).toEqual({ ranges: ['loopback', '10.0.0.0/8'] });
  });
});
