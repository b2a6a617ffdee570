// Read without a schema library: every route is in the route tree, which every page loads first.
import { stringifySearchWith, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { hasControlCharacters, SEARCH_TERM_MAX } from './text';

type Readers<T> = { [K in keyof T]: (value: unknown) => T[K] };

/** The URL's params as the text they are (the router's default reads `?q=1984` as a number, `?q=null` as JSON). */
export const parseSearch = (search: string): Record<string, string> => Object.fromEntries(new URLSearchParams(search));
export const stringifySearch = stringifySearchWith(JSON.stringify);

/** A string param; anything else (missing, a list, text with control characters) reads as `fallback`. */
export const stringParam =
  (fallback = '') =>
  (value: unknown): string =>
    typeof value === 'string' && !hasControlCharacters(value) ? value : fallback;

/** One of a fixed set of strings; anything else reads as the first. */
export const oneOfParam =
  <const T extends readonly [string, ...string[]]>(values: T) =>
  (value: unknown): T[number] =>
    values.includes(value as string) ? (value as T[number]) : values[0];

/** A route's `validateSearch`; a link may leave any param out (it then takes its fallback). */
export function searchParams<T extends Record<string, unknown>>(readers: Readers<T>) {
  return (search: Partial<T> & SearchSchemaInput): T => {
    const input = search as Record<string, unknown>;
    return Object.fromEntries(Object.entries(readers).map(([key, read]) => [key, (read as (v: unknown) => unknown)(input[key])])) as T;
  };
}

// A term longer than the API takes is unparseable like any other param, so it reads as empty.
const searchTermParam = (value: unknown): string => {
  const term = stringParam()(value);
  return term.trim().length <= SEARCH_TERM_MAX ? term : '';
};

/** An optional filter or order: one of `values`, or '' (none: the API's default). */
export const optionParam = <const T extends readonly [string, ...string[]]>(values: T) => oneOfParam(['', ...values] as const);

/** An id in a filter (a genre): a string of at most 100 characters, else '' (none). */
export const idParam = (value: unknown): string => {
  const id = stringParam()(value);
  return id.length <= 100 ? id : '';
};

/** A page of a table's rows larger than the API's 20, for a link that asks for one (the tables load more by 'Load more'). */
export const pageSizeParam = optionParam(['10', '50', '100']);

/** A list page's search params: the term, filters and order ('' = none, left out of the URL). */
export function tableRoute<R extends Record<string, (value: unknown) => string>>(readers: R) {
  type Search = { searchTerm: string } & { [K in keyof R]: ReturnType<R[K]> };
  const validateSearch = searchParams<Search>({ searchTerm: searchTermParam, ...readers } as unknown as Readers<Search>);
  const empty = Object.fromEntries(['searchTerm', ...Object.keys(readers)].map((key) => [key, ''])) as Search;
  return {
    validateSearch,
    search: { middlewares: [stripSearchParams<Search>(empty)] },
    // Only the table's own params: the router also hands on others from the URL.
    loaderDeps: ({ search }: { search: Search }) => validateSearch(search as Partial<Search> & SearchSchemaInput),
  };
}

/**
 * A searchable list's params, with no filter of its own (the catalogue's books).
 * @public (kept for a product's first list when the example is removed)
 */
export const listRoute = tableRoute({});
export const listSearch = listRoute.validateSearch;
