// The plugin signs the query it sends to the consent page, and a signature holds only for the query as it was sent:
// repeated parameters (`ba_param`, the list of what is signed) and their order. The router reads a query into one
// value a key and writes it back canonical, on the server's render and again once the page hydrates, so the page
// reads the address as the browser asked for it: from the request on the server, from the address bar in the browser.
import { createIsomorphicFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';

export const rawQuery = createIsomorphicFn()
  .server(() => new URL(getRequest().url).search.slice(1))
  .client(() => window.location.search.slice(1));

/** What the plugin adds to the client's own request when it signs it (as it removes them before authorising again). */
const SIGNING = new Set(['sig', 'exp', 'ba_iat', 'ba_param', 'ba_pl']);

/**
 * Where a signed-out person goes once signed in: the client's own authorization request, which the plugin answers,
 * with a session now, by sending them back here with a query signed afresh. Nothing the router reads is in the way.
 */
export function authorizeAgain(query: string) {
  const params = new URLSearchParams(query);
  for (const name of SIGNING) params.delete(name);
  return `/api/auth/oauth2/authorize?${params.toString()}`;
}
