import { describe, expect, it } from 'vitest';
import { preferenceCookie } from './preference-cookie';

describe('preferenceCookie', () => {
  it('is the whole site’s, Lax, for the given seconds', () => {
    expect(preferenceCookie('lng', 'ar', 2_592_000, false)).toBe('lng=ar; Path=/; Max-Age=2592000; SameSite=Lax');
  });

  it('is Secure on HTTPS', () => {
    expect(preferenceCookie('tz', 'UTC', 60, true)).toBe('tz=UTC; Path=/; Max-Age=60; SameSite=Lax; Secure');
  });

  it('encodes the value, so a zone’s slash or a stray semicolon cannot add an attribute', () => {
    expect(preferenceCookie('tz', 'America/Los_Angeles', 60, false)).toBe('tz=America%2FLos_Angeles; Path=/; Max-Age=60; SameSite=Lax');
    expect(preferenceCookie('x', 'a; Domain=evil.test', 60, false)).toBe('x=a%3B%20Domain%3Devil.test; Path=/; Max-Age=60; SameSite=Lax');
  });
});
