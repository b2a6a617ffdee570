// The page route a path matches, by the router's own matching on the generated route tree: what
// the metrics label a page request with (its route id, `/app/organizations/$slug/`), never the
// path itself (an organisation's slug is a name its members chose). Only the routes are read.
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './routes/__root';

let router: ReturnType<typeof createRouter> | undefined;

/** Undefined when no route matches the whole path (the router's fuzzy match leaves the rest in `**`). */
export function pageRouteId(pathname: string): string | undefined {
  router ??= createRouter({ routeTree, context: {} as RouterContext });
  const [, params, route] = router.getMatchedRoutes(pathname);
  if (!route || '**' in params) return undefined;
  return route.id;
}
