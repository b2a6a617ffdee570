/**
 * Routes' search params (`validateSearch`), read without a schema library: every route is part of
 * the route tree, which every page loads first, and these params are plain strings that fall back
 * to a default when missing or unparseable (docs/product.md, Routes). See decision 024.
 */
import { stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { hasControlCharacters, SEARCH_TERM_MAX } from './text';

type Readers<T> = { [K in keyof T]: (value: unknown) => T[K] };

/** A string param; anything else (missing, a number, a list, text with control characters) reads as `fallback`. */
export const stringParam =
  (fallback = '') =>
  (value: unknown): string =>
    typeof value === 'string' && !hasControlCharacters(value) ? value : fallback;

/** One of a fixed set of strings; anything else reads as the first. */
export const oneOfParam =
  <const T extends readonly [string, ...string[]]>(values: T) =>
  (value: unknown): T[number] =>
    values.includes(value as string) ? (value as T[number]) : values[0];

/**
 * A route's `validateSearch`: each param read by its reader. Links may leave any param out (it
 * then takes its fallback).
 */
export function searchParams<T extends Record<string, unknown>>(readers: Readers<T>) {
  return (search: Partial<T> & SearchSchemaInput): T => {
    const input = search as Record<string, unknown>;
    return Object.fromEntries(Object.entries(readers).map(([key, read]) => [key, (read as (v: unknown) => unknown)(input[key])])) as T;
  };
}

/**
 * A list's search term: text the lists' API takes (at most SEARCH_TERM_MAX characters once
 * trimmed). A longer one is unparseable like any other, so it reads as empty (decision 031).
 */
const searchTermParam = (value: unknown): string => {
  const term = stringParam()(value);
  return term.trim().length <= SEARCH_TERM_MAX ? term : '';
};

/** A searchable list's params (books, users). */
export const listSearch = searchParams<{ searchTerm: string }>({ searchTerm: searchTermParam });

/**
 * A list route's search options (/app/books, /manager/books, /manager/users): `searchTerm` read by
 * `listSearch`, left out of the URL when empty, and handed to the route's loader as its deps. The
 * loader itself stays in the route file, so that it is split into the route's chunk (decision 026).
 */
export const listRoute = {
  validateSearch: listSearch,
  search: { middlewares: [stripSearchParams<{ searchTerm: string }>({ searchTerm: '' })] },
  loaderDeps: ({ search }: { search: { searchTerm: string } }) => ({ searchTerm: search.searchTerm }),
};

/** An optional filter or order: one of `values`, or '' (none: the API's default). */
export const optionParam = <const T extends readonly [string, ...string[]]>(values: T) => oneOfParam(['', ...values] as const);

/** An id in a filter (a genre): a string of at most 100 characters, else '' (none). */
export const idParam = (value: unknown): string => {
  const id = stringParam()(value);
  return id.length <= 100 ? id : '';
};

/**
 * A manager table's search options (/manager/users, /manager/books): `searchTerm` plus its filters
 * and order (each read by its reader, '' = none); every param left out of the URL when empty, and
 * all of them handed to the loader as its deps.
 */
export function tableRoute<R extends Record<string, (value: unknown) => string>>(readers: R) {
  type Search = { searchTerm: string } & { [K in keyof R]: ReturnType<R[K]> };
  const validateSearch = searchParams<Search>({ searchTerm: searchTermParam, ...readers } as unknown as Readers<Search>);
  const empty = Object.fromEntries(['searchTerm', ...Object.keys(readers)].map((key) => [key, ''])) as Search;
  return {
    validateSearch,
    search: { middlewares: [stripSearchParams<Search>(empty)] },
    loaderDeps: ({ search }: { search: Search }) => search,
  };
}
