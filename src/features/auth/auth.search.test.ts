import { describe, expect, it } from 'vitest';
import { z } from '#/lib/zod';
import { checkEmail, EMAIL_PATTERN, loginErrorSearch, toLoginError, verifySearch } from './auth.search';

/** The router hands `validateSearch` the URL's parsed params, whatever their types. */
const parse = <T>(validate: (search: never) => T, search: Record<string, unknown>) => validate(search as never);

describe('sign-in e-mail', () => {
  it("validates e-mails with the product's messages", () => {
    expect(checkEmail('').error).toBe('validation.emailRequired');
    expect(checkEmail('   ').error).toBe('validation.emailRequired');
    expect(checkEmail(undefined).error).toBe('validation.emailRequired');
    expect(checkEmail('nope').error).toBe('validation.emailInvalid');
    expect(checkEmail(' Ada@Example.com ')).toEqual({ email: 'Ada@Example.com' });
  });

  it('accepts exactly what z.email() accepts', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    for (const value of ['a@b.co', 'a.b+c@d-e.fr', "o'neil@example.com", 'a@b', 'a..b@c.de', '.a@b.co', 'a@-b.co', 'ü@b.co', 'a b@c.de']) {
      expect(checkEmail(value).error === undefined, value).toBe(z.email().safeParse(value).success);
    }
  });
});

describe('sign-in search params', () => {
  it('parses the verify search params, falling back to empty', () => {
    expect(parse(verifySearch, { email: 'a@b.co', redirect: '/app' })).toEqual({ email: 'a@b.co', redirect: '/app' });
    expect(parse(verifySearch, { email: 42, redirect: ['x'] })).toEqual({ email: '', redirect: '' });
    expect(parse(verifySearch, {})).toEqual({ email: '', redirect: '' });
    expect(parse(loginErrorSearch, { error: 'access_denied' })).toEqual({ error: 'access_denied' });
  });

  it('maps unknown login errors to unknown_error', () => {
    expect(toLoginError('signup_disabled')).toBe('signup_disabled');
    expect(toLoginError('access_denied')).toBe('access_denied');
    expect(toLoginError('banned')).toBe('banned');
    expect(toLoginError('anything')).toBe('unknown_error');
    expect(toLoginError('')).toBe('unknown_error');
  });
});
