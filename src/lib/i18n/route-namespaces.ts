/**
 * The translation namespaces a page needs beyond the entry's (ENTRY_NAMESPACES), declared by its
 * routes as `staticData: { namespaces }`. Loaded before the page renders: by the root route's
 * `beforeLoad` on every navigation (and preload), and before hydration on a first load (the
 * router's `hydrate`), so the browser's first render matches the server's.
 */
import type { i18n as I18n } from 'i18next';
import type { Namespace } from './languages';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Translation namespaces this route's page shows, other than `common` and `auth`. */
    namespaces?: Namespace[];
  }
}

export function loadRouteNamespaces(i18n: I18n, matches: ReadonlyArray<{ staticData?: { namespaces?: Namespace[] } }>) {
  const needed = matches.flatMap((match) => match.staticData?.namespaces ?? []);
  const missing = needed.filter((ns) => !i18n.hasLoadedNamespace(ns));
  return missing.length ? i18n.loadNamespaces(missing) : undefined;
}
