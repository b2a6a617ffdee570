/**
 * The methods each part of the site answers. Any other method is refused before a handler runs:
 * 405 with an Allow header (OPTIONS: 204 with it). Until then, a page answered PROPFIND like GET,
 * and TRACE was a 500: the Fetch API cannot represent it (`new Request` throws), so the pipeline
 * failed copying the request (issue #15, finding 9; decision 031).
 */
const BY_PREFIX: ReadonlyArray<readonly [prefix: string, allow: string]> = [
  ['/api/rpc/', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
  ['/api/auth/', 'GET, HEAD, POST'],
  ['/_serverFn/', 'GET, POST'],
  // Pictures: the raw bytes in, or removed (decision 037).
  ['/api/images/', 'PUT, DELETE'],
];
/** Endpoints at one path. The MCP server takes its messages by POST; it opens no event stream by GET (decision 101). */
const ENDPOINTS: Readonly<Record<string, string>> = { '/api/mcp': 'POST' };
/** Pages whose form also posts without JavaScript (decision 033). */
const FORM_PAGES: Readonly<Record<string, string>> = {
  '/login': 'GET, HEAD, POST',
  '/login/verify': 'GET, HEAD, POST',
  '/login/two-factor': 'GET, HEAD, POST',
  '/login/onboarding': 'POST',
};
/** Pages, static files and the other server routes (health, OpenAPI document, API docs). */
const DEFAULT_ALLOW = 'GET, HEAD';

/** The methods `pathname` takes, as an Allow header value. */
export const allowedMethods = (pathname: string) =>
  ENDPOINTS[pathname] ?? FORM_PAGES[pathname] ?? BY_PREFIX.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? DEFAULT_ALLOW;
