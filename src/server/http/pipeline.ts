/**
 * The HTTP pipeline around the framework's handler. Every response, whatever produced it
 * (a page, an API, a static file, an error), passes here once: body limit, static files,
 * security headers with the CSP nonce, compression, and one log line.
 */
import { limitBodyStream, BodyTooLargeError } from 'srvx/body-limit';
import { staticMiddleware } from 'srvx/static';
import { STATUS_HEADER } from '../../lib/status-header.ts';
import { env as processEnv, type Env } from '../env.ts';
import { logger } from '../logger.ts';
import { RecentReads } from '../recent-reads.ts';
import { sessionCookie } from '../session-cookie.ts';
import { compress } from './compression.ts';
import { refuseMethod } from './methods.ts';
import { applySecurityHeaders, newNonce } from './security-headers.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Set from the socket address for API requests; a client-sent value never passes. */
export const CLIENT_IP_HEADER = 'x-springboard-client-ip';

export type AppHandler = (request: Request, options: { context: { nonce: string } }) => Response | Promise<Response>;

export interface PipelineOptions {
  /** Built client files (production); absent in development, where Vite serves them. */
  staticDir?: string;
  /** The environment; defaults to this process's. */
  env?: () => Env;
}

export const jsonError = (status: number, code: string, message: string) =>
  Response.json({ code, message }, { status, headers: { 'Cache-Control': 'no-store' } });

function wantsJson(request: Request, pathname: string) {
  return pathname.startsWith('/api/') || pathname.startsWith('/_serverFn') || !(request.headers.get('Accept') ?? '').includes('text/html');
}

/**
 * The 500 page for failures that happen before React can render one: no stack, no detail, no
 * script (so no nonce needed). Back is the same-origin page the visitor came from.
 */
function failurePage(request: Request, status: number, title: string) {
  const referer = request.headers.get('referer');
  const back =
    referer && URL.canParse(referer) && new URL(referer).origin === new URL(request.url).origin ? new URL(referer).pathname : '/';
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} | Springboard</title></head><body><main><p>${status}</p><h1>${title}</h1><p><a href="${escape(back)}">Back</a> · <a href="/">Home</a></p></main></body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The client's address. A request that reaches us from the loopback interface comes through a
 * reverse proxy on this host (or a local tool): the address that proxy saw is the last entry it
 * appended to X-Forwarded-For. From anywhere else, the header is ignored (clients could forge it).
 */
export function clientAddress(request: Request): string | undefined {
  const peer = (request as { ip?: string }).ip;
  if (peer && LOOPBACK.test(peer)) {
    const forwarded = request.headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded;
  }
  return peer;
}

/**
 * The framework answers a call to a server-function id it does not know with a 500; the id comes
 * from the client, so it is a 404. (Error bodies are small, so reading one here is cheap.)
 */
async function unknownServerFnAsNotFound(response: Response): Promise<Response> {
  if (response.status !== 500) return response;
  const text = await response.text();
  if (text.includes('Server function info not found')) return jsonError(404, 'NOT_FOUND', 'Unknown server function');
  return new Response(text, response);
}

/** A rendered page as it left the application, with the nonce it was rendered with. */
interface PageSnapshot {
  status: number;
  headers: Array<[string, string]>;
  html: string;
  nonce: string;
}

/**
 * What a page's HTML depends on for a visitor without a session: the URL (path, `lng`), the
 * language cookie and Accept-Language (decision 025). Anything else in the Cookie header is
 * part of the key as well, so no preference can leak from one visitor to another.
 */
const anonymousPageKey = (request: Request, url: URL) =>
  `${url.pathname}${url.search}\n${request.headers.get('cookie') ?? ''}\n${request.headers.get('accept-language') ?? ''}`;

function isAnonymousPageRequest(request: Request, url: URL) {
  return (
    request.method === 'GET' &&
    (request.headers.get('Accept') ?? '').includes('text/html') &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/_serverFn') &&
    !sessionCookie(request)
  );
}

async function snapshot(response: Response, nonce: string): Promise<PageSnapshot> {
  return { status: response.status, headers: [...response.headers], html: await response.text(), nonce };
}

/** The snapshot as a response with this request's nonce in place of the one it was rendered with. */
const fromSnapshot = (page: PageSnapshot, nonce: string) =>
  new Response(page.html.replaceAll(page.nonce, nonce), { status: page.status, headers: page.headers });

export function createHttpPipeline(app: AppHandler, options: PipelineOptions = {}) {
  const { staticDir, env = processEnv } = options;
  const immutableAssets = staticDir
    ? staticMiddleware({ dir: staticDir, immutable: true, maxAge: 31_536_000, encodings: true })
    : undefined;
  const publicFiles = staticDir ? staticMiddleware({ dir: staticDir, maxAge: 3600, encodings: true }) : undefined;

  /**
   * Pages rendered for visitors without a session, reused for one second (micro-caching, decision
   * 025): a burst of visitors on the sign-in page costs one render per second and language.
   * Only a 200 HTML page that sets no cookie is kept; a write drops them all, like every cache.
   */
  const anonymousPages = new RecentReads<PageSnapshot>({
    maxAgeMs: 1000,
    maxEntries: 200,
    // Development renders every time: an edited page must show at once.
    enabled: () => env().isProduction,
    keep: (page) =>
      page.status === 200 &&
      page.headers.some(([name, value]) => name === 'content-type' && value.startsWith('text/html')) &&
      !page.headers.some(([name]) => name === 'set-cookie'),
  });

  async function route(request: Request, url: URL, nonce: string, tooLarge: { hit: boolean }): Promise<Response> {
    const declared = Number(request.headers.get('Content-Length') ?? 0);
    if (declared > MAX_BODY_BYTES) return jsonError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.');
    const refused = refuseMethod(request.method, url.pathname);
    if (refused) return refused;

    // The framework throws on a server-function path without an id: that is a client's mistake.
    if (/^\/_serverFn\/?$/.test(url.pathname)) return jsonError(404, 'NOT_FOUND', 'Unknown server function');

    const isFile = /\.[a-z0-9]+$/i.test(url.pathname);
    if (isFile && immutableAssets && publicFiles && (request.method === 'GET' || request.method === 'HEAD')) {
      const notFound = () => new Response(null, { status: 404 });
      const hashed = url.pathname.startsWith('/assets/');
      const served = await (hashed ? immutableAssets : publicFiles)(request, notFound);
      // File names under /assets/ carry a content hash: any cache may keep them forever.
      if (hashed && served.ok) served.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      if (served.status !== 404 || hashed) return served;
    }

    let forwarded = request;
    // The auth API reads the client's address from a header only this server sets (rate limits,
    // e-mail quotas). Other bodiless requests go on as they came, unless they carry that header.
    const needsCopy = request.body || url.pathname.startsWith('/api/auth/') || request.headers.has(CLIENT_IP_HEADER);
    if (needsCopy) {
      const body = request.body
        ? limitBodyStream(request.body, MAX_BODY_BYTES, {
            createError: (max) => {
              tooLarge.hit = true;
              return new BodyTooLargeError(`Request body exceeds ${max} bytes`);
            },
          })
        : null;
      // APIs learn the client's address from a header only this server sets (rate limits, logs).
      const ip = clientAddress(request);
      const headers = new Headers(request.headers);
      if (ip) headers.set(CLIENT_IP_HEADER, ip);
      else headers.delete(CLIENT_IP_HEADER);
      // A new Request: the adapter's request object cannot be cloned with a new body.
      forwarded = new Request(request.url, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
        duplex: 'half',
      } as RequestInit);
      if (ip) Object.defineProperty(forwarded, 'ip', { value: ip, enumerable: true });
    }
    if (forwarded === request && isAnonymousPageRequest(request, url)) {
      const page = await anonymousPages.get(anonymousPageKey(request, url), async () =>
        snapshot(await app(request, { context: { nonce } }), nonce),
      );
      return fromSnapshot(page, nonce);
    }
    const response = await app(forwarded, { context: { nonce } });
    return url.pathname.startsWith('/_serverFn/') ? unknownServerFnAsNotFound(response) : response;
  }

  return async function fetch(request: Request): Promise<Response> {
    const started = performance.now();
    const e = env();
    const url = new URL(request.url);
    const nonce = newNonce();
    const tooLarge = { hit: false };
    let response: Response;
    try {
      response = await route(request, url, nonce, tooLarge);
      if (tooLarge.hit) response = jsonError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.');
    } catch (error) {
      if (tooLarge.hit || error instanceof BodyTooLargeError) {
        response = jsonError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.');
      } else if (request.signal.aborted) {
        // The client went away mid-request: nobody will read an answer, and it is not a server fault.
        logger().debug({ method: request.method, path: url.pathname }, 'client closed the request');
        return new Response(null, { status: 499 });
      } else {
        logger().error({ err: error, method: request.method, path: url.pathname }, 'unhandled error');
        response = wantsJson(request, url.pathname)
          ? jsonError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong')
          : failurePage(request, 500, 'Something went wrong');
      }
    }

    const asked = response.headers.get(STATUS_HEADER);
    if (asked) {
      const headers = new Headers(response.headers);
      headers.delete(STATUS_HEADER);
      response = new Response(response.body, { status: Number(asked), headers });
    }
    try {
      applySecurityHeaders(response.headers, { nonce, https: e.baseUrl.startsWith('https:'), development: !e.isProduction });
    } catch {
      // Redirects and fetched responses have immutable headers: copy once, then set.
      response = new Response(response.body, response);
      applySecurityHeaders(response.headers, { nonce, https: e.baseUrl.startsWith('https:'), development: !e.isProduction });
    }
    response = await compress(request, response);

    logger().info(
      { method: request.method, path: url.pathname, status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 },
      'request',
    );
    return response;
  };
}
