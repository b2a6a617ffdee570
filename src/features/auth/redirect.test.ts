import { describe, expect, it } from 'vitest';
import { homeFor, opensOnServer, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirect('/app/books')).toBe('/app/books');
    expect(safeRedirect('/manager/users?searchTerm=ann#top')).toBe('/manager/users?searchTerm=ann#top');
  });

  it('refuses outside or ambiguous targets', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'app/books',
      '',
      undefined,
      42,
      { href: '/app' },
    ]) {
      expect(safeRedirect(target), String(target)).toBeUndefined();
    }
  });

  it('refuses the login pages themselves', () => {
    expect(safeRedirect('/login')).toBeUndefined();
    expect(safeRedirect('/login/verify?email=a@b.c')).toBeUndefined();
    expect(safeRedirect('/loginx')).toBe('/loginx');
  });
});

describe('homeFor', () => {
  it('sends admins to the manager and others to the app', () => {
    expect(homeFor('admin')).toBe('/manager');
    expect(homeFor('user,admin')).toBe('/manager');
    expect(homeFor('user')).toBe('/app');
    expect(homeFor(null)).toBe('/app');
  });
});

describe('opensOnServer', () => {
  it('is an MCP client’s authorization request only: every other path is the router’s', () => {
    expect(opensOnServer('/api/auth/oauth2/authorize?client_id=a&scope=book')).toBe(true);
    for (const path of ['/app/books', '/api/auth/sign-out', '/api/rpc/books', '/api/auth/oauth2/authorize', '/oauth/consent?client_id=a']) {
      expect(opensOnServer(path), path).toBe(false);
    }
  });
});
