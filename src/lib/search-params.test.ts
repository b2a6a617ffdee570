import { describe, expect, it } from 'vitest';
import {
  idParam,
  listSearch,
  oneOfParam,
  optionParam,
  parseSearch,
  searchParams,
  stringifySearch,
  stringParam,
  tableRoute,
} from './search-params';

/** The router hands `validateSearch` the URL's parsed params, whatever their types. */
const parse = <T>(validate: (search: never) => T, search: Record<string, unknown>) => validate(search as never);

describe('search params', () => {
  it('reads strings, falling back to the default', () => {
    expect(parse(listSearch, { searchTerm: 'ann' })).toEqual({ searchTerm: 'ann' });
    expect(parse(listSearch, {})).toEqual({ searchTerm: '' });
    expect(parse(listSearch, { searchTerm: 1984 })).toEqual({ searchTerm: '' });
    expect(parse(listSearch, { searchTerm: ['a'] })).toEqual({ searchTerm: '' });
  });

  it('the URL holds text: what looks like JSON is read as typed, and written back unquoted', () => {
    expect(parseSearch('?searchTerm=1984&a=null&b=%22x%22&c=1e3&d=true&e=%5B1%5D')).toEqual({
      searchTerm: '1984',
      a: 'null',
      b: '"x"',
      c: '1e3',
      d: 'true',
      e: '[1]',
    });
    expect(stringifySearch({ searchTerm: '1984', a: 'null', b: 'x y' })).toBe('?searchTerm=1984&a=null&b=x+y');
  });

  it('reads one of a set, else the first', () => {
    const read = searchParams({ state: oneOfParam(['', 'change-name']), other: stringParam('x') });
    expect(parse(read, { state: 'change-name' })).toEqual({ state: 'change-name', other: 'x' });
    expect(parse(read, { state: 'nope', other: 'y' })).toEqual({ state: '', other: 'y' });
  });

  it('finding 9: reads a search term the lists would refuse (too long, NUL) as empty, like any unparseable param', () => {
    expect(parse(listSearch, { searchTerm: 'a'.repeat(100) })).toEqual({ searchTerm: 'a'.repeat(100) });
    expect(parse(listSearch, { searchTerm: ` ${'a'.repeat(100)} ` })).toEqual({ searchTerm: ` ${'a'.repeat(100)} ` });
    expect(parse(listSearch, { searchTerm: 'a'.repeat(101) })).toEqual({ searchTerm: '' });
    expect(parse(listSearch, { searchTerm: 'a\u0000b' })).toEqual({ searchTerm: '' });
    expect(parse(searchParams({ email: stringParam() }), { email: 'a\u0001@example.com' })).toEqual({ email: '' });
  });

  it('drops unknown params', () => {
    expect(parse(listSearch, { searchTerm: 'a', page: 2 })).toEqual({ searchTerm: 'a' });
  });
});

describe('a manager table’s search params', () => {
  it('reads each filter as one of its values, else empty', () => {
    const route = tableRoute({ role: optionParam(['admin', 'user']), sort: optionParam(['name', 'email']), genreId: idParam });
    expect(parse(route.validateSearch, { searchTerm: 'ann', role: 'admin', sort: 'email' })).toEqual({
      searchTerm: 'ann',
      role: 'admin',
      sort: 'email',
      genreId: '',
    });
    expect(parse(route.validateSearch, { role: 'owner', sort: 3, genreId: 'g1' })).toEqual({
      searchTerm: '',
      role: '',
      sort: '',
      genreId: 'g1',
    });
    expect(parse(route.validateSearch, { genreId: 'g'.repeat(101) })).toMatchObject({ genreId: '' });
  });
});
