import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { routeTitle } from './route-namespaces';

const i18n = createInstance();
await i18n.init({
  lng: 'en',
  defaultNS: 'common',
  resources: { en: { common: { nav: { books: 'Books', users: 'Users' } }, audit: { title: 'Audit log' } } },
});

describe('routeTitle', () => {
  it('translates the deepest declared title', () => {
    const matches = [
      { staticData: {} },
      { staticData: { title: 'nav.users' as const } },
      { staticData: { title: 'audit:title' as const } },
    ];
    expect(routeTitle(i18n, matches)).toBe('Audit log');
  });

  it('skips the routes that declare none', () => {
    expect(
      routeTitle(i18n, [{ staticData: { title: 'nav.users' as const } }, { staticData: { namespaces: ['users' as const] } }, {}]),
    ).toBe('Users');
  });

  it('is empty where no route declares one', () => {
    expect(routeTitle(i18n, [{}, { staticData: {} }])).toBeUndefined();
  });
});
