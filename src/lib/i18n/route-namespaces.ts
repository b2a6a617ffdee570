// Namespaces load before the page renders, and before hydration, so the browser's first render
// matches the server's.
import type { StaticDataRouteOption } from '@tanstack/react-router';
import type { i18n as I18n, ParseKeys } from 'i18next';
import type { Namespace } from './languages';

/** A key as `i18n.t` takes it: `common`'s bare, any other namespace's prefixed (`audit:title`). */
type TitleKey = ParseKeys<['common', ...Exclude<Namespace, 'common'>[]]>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Translation namespaces this route's page shows, other than `common` and `auth`. */
    namespaces?: Namespace[];
    /** The page title's key, e.g. `nav.users` or `audit:title`. */
    title?: TitleKey;
  }
}

/** Matched routes, as far as what they declare. */
type Declared = ReadonlyArray<{ staticData?: StaticDataRouteOption }>;

/** The deepest matched route's declared title, translated; none when no route declares one. */
export function routeTitle(i18n: I18n, matches: Declared) {
  const key = matches.findLast((match) => match.staticData?.title)?.staticData?.title;
  return key && i18n.t(key);
}

export function loadRouteNamespaces(i18n: I18n, matches: Declared) {
  const needed = matches.flatMap((match) => match.staticData?.namespaces ?? []);
  const missing = needed.filter((ns) => !i18n.hasLoadedNamespace(ns));
  return missing.length ? i18n.loadNamespaces(missing) : undefined;
}
