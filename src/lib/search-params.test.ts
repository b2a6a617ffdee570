import { describe, expect, it } from 'vitest';
import { listSearch, oneOfParam, searchParams, stringParam } from './search-params';

/** The router hands `validateSearch` the URL's parsed params, whatever their types. */
const parse = <T>(validate: (search: never) => T, search: Record<string, unknown>) => validate(search as never);

describe('search params', () => {
  it('reads strings, falling back to the default', () => {
    expect(parse(listSearch, { searchTerm: 'ann' })).toEqual({ searchTerm: 'ann' });
    expect(parse(listSearch, {})).toEqual({ searchTerm: '' });
    expect(parse(listSearch, { searchTerm: 42 })).toEqual({ searchTerm: '' });
    expect(parse(listSearch, { searchTerm: ['a'] })).toEqual({ searchTerm: '' });
  });

  it('reads one of a set, else the first', () => {
    const read = searchParams({ state: oneOfParam(['', 'change-name']), other: stringParam('x') });
    expect(parse(read, { state: 'change-name' })).toEqual({ state: 'change-name', other: 'x' });
    expect(parse(read, { state: 'nope', other: 'y' })).toEqual({ state: '', other: 'y' });
  });

  it('drops unknown params', () => {
    expect(parse(listSearch, { searchTerm: 'a', page: 2 })).toEqual({ searchTerm: 'a' });
  });
});
