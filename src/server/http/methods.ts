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
];
/** Pages, static files and the other server routes (health, OpenAPI document, API docs). */
const DEFAULT_ALLOW = 'GET, HEAD';

/** The methods `pathname` takes, as an Allow header value. */
export const allowedMethods = (pathname: string) => BY_PREFIX.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? DEFAULT_ALLOW;

/** The answer to a method `pathname` does not take, or null when it takes it. */
export function refuseMethod(method: string, pathname: string): Response | null {
  const allow = allowedMethods(pathname);
  if (allow.split(', ').includes(method)) return null;
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allow } });
  return Response.json(
    { code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here. Allowed: ${allow}.` },
    { status: 405, headers: { Allow: allow, 'Cache-Control': 'no-store' } },
  );
}
