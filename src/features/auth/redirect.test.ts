import { describe, expect, it } from 'vitest';
import { homeFor, safeRedirect } from './redirect';

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
