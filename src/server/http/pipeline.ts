/**
 * The HTTP pipeline around the framework's handler. Every response, whatever produced it (a page,
 * an API, a static file, an error), passes here once. Read `createHttpPipeline` top to bottom:
 * a request goes through the `answer` steps until one answers, then the answer through the
 * `finish` steps, then one log line.
 */
import { BodyTooLargeError, limitBodyStream } from 'srvx/body-limit';
import { staticMiddleware } from 'srvx/static';
import { identity } from '../../lib/identity.ts';
import { STATUS_HEADER } from '../../lib/status-header.ts';
import { env as processEnv, type Env } from '../env.ts';
import { logger } from '../logger.ts';
import { recordRequest, UNMATCHED_ROUTE } from '../metrics.ts';
import { inRequestSpan } from '../tracing.ts';
import { currentRequestContext, inRequestContext, REQUEST_ID, setRouteTemplate } from '../request-context.ts';
import { sessionCookie, withExtendedSession } from '../session-cookie.ts';
import { megabytes } from '../storage/storage-config.ts';
import { API_KEY_PATHS, presentedApiKey } from './api-key-header.ts';
import { createAnonymousPages, isAnonymousPageRequest } from './anonymous-pages.ts';
import { createClientAddress } from './client-address.ts';
import { compress } from './compression.ts';
import { crossSiteRefusal } from './cross-site.ts';
import { allowedMethods } from './methods.ts';
import { applySecurityHeaders, newNonce } from './security-headers.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Set from the socket address for API requests; a client-sent value never passes. */
export const CLIENT_IP_HEADER = 'x-app-client-ip';

export type AppHandler = (request: Request, options: { context: { nonce: string } }) => Response | Promise<Response>;

export interface PipelineOptions {
  /** Built client files (production); absent in development, where Vite serves them. */
  staticDir?: string;
  /** The environment; defaults to this process's. */
  env?: () => Env;
  /** The page route a path matches (the router's route id), for the metrics; undefined when none does. */
  pageRoute?: (pathname: string) => string | undefined;
}

const jsonError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ code, message }, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/** A refusal of the client's request, in its language (the refusals are rare: the translator loads on the first). */
async function translatedError(
  request: Request,
  status: number,
  code: string,
  headers: Record<string, string> = {},
  key = `api:${code}`,
  values?: Record<string, string>,
) {
  const { apiTranslator } = await import('../api-errors.ts');
  const t = await apiTranslator(request);
  return jsonError(status, code, t(key, values), headers);
}

/** Uploads (decision 037) take bodies up to UPLOAD_MAX_BYTES; every other path up to MAX_BODY_BYTES. */
const UPLOAD_PATH = /^\/api\/images\//;
const bodyLimit = ({ url, env }: Pick<Exchange, 'url' | 'env'>) => (UPLOAD_PATH.test(url.pathname) ? env.uploads.maxBytes : MAX_BODY_BYTES);

const tooLargeError = (x: Exchange) =>
  UPLOAD_PATH.test(x.url.pathname)
    ? translatedError(x.request, 413, 'IMAGE_TOO_LARGE', {}, 'images:errors.IMAGE_TOO_LARGE', {
        max: megabytes(x.env.uploads.maxBytes),
      })
    : jsonError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.');

/** What one request carries through the steps. */
interface Exchange {
  request: Request;
  url: URL;
  nonce: string;
  /** X-Request-Id: a trusted proxy's, or made here; on the answer and on every log line. */
  requestId: string;
  env: Env;
  /** Set when the body stream passed its limit (bodyLimit) while the application read it. */
  tooLarge: boolean;
}

type Step = (x: Exchange) => Response | undefined | Promise<Response | undefined>;

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
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} | ${escape(identity.name)}</title></head><body><main><p>${status}</p><h1>${title}</h1><p><a href="${escape(back)}">Back</a> · <a href="/">Home</a></p></main></body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
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

// ---- the steps that may answer, in order ----

/** A method the path does not take (TRACE, PROPFIND, a POST to a page…): 405 with Allow; OPTIONS: 204 (methods.ts). */
const refuseOtherMethods: Step = ({ request, url }) => {
  const allow = allowedMethods(url.pathname);
  if (allow.split(', ').includes(request.method)) return undefined;
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allow } });
  return translatedError(request, 405, 'METHOD_NOT_ALLOWED', { Allow: allow });
};

const refuseDeclaredLargeBodies: Step = (x) =>
  Number(x.request.headers.get('Content-Length') ?? 0) > bodyLimit(x) ? tooLargeError(x) : undefined;

// The framework throws on a server-function path without an id: that is a client's mistake.
/** A key opens the product API (and its MCP server) only: a page, the auth API or an upload with one is refused, whatever else it carries. */
const refuseApiKeysElsewhere: Step = ({ request, url }) =>
  !API_KEY_PATHS.test(url.pathname) && presentedApiKey(request) !== undefined
    ? translatedError(request, 401, 'API_KEY_NOT_HERE', { 'WWW-Authenticate': 'Bearer' })
    : undefined;

const refuseServerFnWithoutId: Step = ({ url }) =>
  /^\/_serverFn\/?$/.test(url.pathname) ? jsonError(404, 'NOT_FOUND', 'Unknown server function') : undefined;

function serveStaticFiles(staticDir: string | undefined): Step {
  if (!staticDir) return () => undefined;
  const immutableAssets = staticMiddleware({ dir: staticDir, immutable: true, maxAge: 31_536_000, encodings: true });
  const publicFiles = staticMiddleware({ dir: staticDir, maxAge: 3600, encodings: true });
  return async ({ request, url }) => {
    if (!/\.[a-z0-9]+$/i.test(url.pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
    const hashed = url.pathname.startsWith('/assets/');
    const served = await (hashed ? immutableAssets : publicFiles)(request, () => new Response(null, { status: 404 }));
    if (served.status !== 404) setRouteTemplate(hashed ? '/assets/*' : '(public file)');
    // File names under /assets/ carry a content hash: any cache may keep them forever.
    if (hashed && served.ok) served.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return served.status !== 404 || hashed ? served : undefined;
  };
}

const refuseCrossSiteWrites: Step = ({ request, url, env }) => {
  const refusal = crossSiteRefusal(request, url, env.baseUrl);
  return refusal && translatedError(request, refusal.status, refusal.code, {}, refusal.key);
};

/**
 * The request the application sees: the body counted against MAX_BODY_BYTES, and the client's
 * address in a header only this server sets (the auth API's rate limits read it). Other bodiless
 * requests go on as they came: copying a Request costs a noticeable share of a small answer.
 */
function forApplication(x: Exchange, clientAddress: (request: Request) => string | undefined): Request {
  const { request, url } = x;
  const needsCopy = request.body || url.pathname.startsWith('/api/auth/') || request.headers.has(CLIENT_IP_HEADER);
  if (!needsCopy) return request;
  const body = request.body
    ? limitBodyStream(request.body, bodyLimit(x), {
        createError: (max) => {
          x.tooLarge = true;
          return new BodyTooLargeError(`Request body exceeds ${max} bytes`);
        },
      })
    : null;
  const ip = clientAddress(request);
  const headers = new Headers(request.headers);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  else headers.delete(CLIENT_IP_HEADER);
  // A new Request: the adapter's request object cannot be cloned with a new body.
  const copy = new Request(request.url, { method: request.method, headers, body, signal: request.signal, duplex: 'half' } as RequestInit);
  if (ip) Object.defineProperty(copy, 'ip', { value: ip, enumerable: true });
  return copy;
}

// ---- the steps every answer goes through ----

/** A server render asks for its HTTP status through an internal header (see lib/status-header.ts). */
function applyAskedStatus(response: Response): Response {
  const asked = response.headers.get(STATUS_HEADER);
  if (!asked) return response;
  const headers = new Headers(response.headers);
  headers.delete(STATUS_HEADER);
  return new Response(response.body, { status: Number(asked), headers });
}

/** Answers to a signed-in request are personal: no shared or browser cache keeps them (decision 028). */
function isPersonal({ request, url }: Exchange, response: Response) {
  if (url.pathname.startsWith('/assets/') || response.headers.get('Cache-Control')?.includes('immutable')) return false;
  return Boolean(sessionCookie(request)) || url.pathname.startsWith('/api/auth/') || API_KEY_PATHS.test(url.pathname);
}

function withHeaders(x: Exchange, response: Response): Response {
  const set = (headers: Headers) => {
    applySecurityHeaders(headers, { nonce: x.nonce, https: x.env.baseUrl.startsWith('https:'), development: !x.env.isProduction });
    if (isPersonal(x, response)) headers.set('Cache-Control', 'private, no-store');
    headers.set('X-Request-Id', x.requestId);
  };
  try {
    set(response.headers);
    return response;
  } catch {
    // Redirects and fetched responses have immutable headers: copy once, then set.
    const copy = new Response(response.body, response);
    set(copy.headers);
    return copy;
  }
}

function failure(x: Exchange, error: unknown): Response | Promise<Response> {
  const { request, url } = x;
  if (x.tooLarge || error instanceof BodyTooLargeError) return tooLargeError(x);
  logger().error({ err: error, method: request.method, path: url.pathname }, 'unhandled error');
  return wantsJson(request, url.pathname)
    ? jsonError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong')
    : failurePage(request, 500, 'Something went wrong');
}

export function createHttpPipeline(app: AppHandler, options: PipelineOptions = {}) {
  const { staticDir, env = processEnv, pageRoute = () => undefined } = options;
  const clientAddress = createClientAddress(env().trustedProxies);
  const anonymousPages = createAnonymousPages();

  const steps: Step[] = [
    refuseDeclaredLargeBodies,
    refuseOtherMethods,
    refuseServerFnWithoutId,
    refuseApiKeysElsewhere,
    serveStaticFiles(staticDir),
    refuseCrossSiteWrites,
    async (x) => {
      const request = forApplication(x, clientAddress);
      const render = async () => app(request, { context: { nonce: x.nonce } });
      // Development renders every time: an edited page must show at once.
      if (request === x.request && x.env.isProduction && isAnonymousPageRequest(request, x.url)) {
        return anonymousPages(request, x.url, x.nonce, render);
      }
      const response = withExtendedSession(request, await render());
      return x.url.pathname.startsWith('/_serverFn/') ? unknownServerFnAsNotFound(response) : response;
    },
  ];

  async function answer(x: Exchange): Promise<Response> {
    for (const step of steps) {
      const response = await step(x);
      if (response) return x.tooLarge ? tooLargeError(x) : response;
    }
    throw new Error('no step answered');
  }

  /** A trusted proxy's id (a load balancer's trace) when it looks like one; else a new one. */
  function requestIdOf(request: Request): string {
    const given = request.headers.get('x-request-id');
    return given && REQUEST_ID.test(given) && clientAddress.fromTrustedProxy(request) ? given : crypto.randomUUID();
  }

  return function fetch(request: Request): Promise<Response> {
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    return inRequestContext(requestId, () =>
      inRequestSpan(request, url, async (span) => {
        const started = performance.now();
        const x: Exchange = { request, url, nonce: newNonce(), requestId, env: env(), tooLarge: false };
        let response: Response;
        try {
          response = await answer(x);
        } catch (error) {
          // The client went away mid-request: nobody will read an answer, and it is not a server fault.
          if (request.signal.aborted && !x.tooLarge) {
            logger().debug({ method: request.method, path: url.pathname }, 'client closed the request');
            return new Response(null, { status: 499 });
          }
          response = await failure(x, error);
        }
        try {
          response = await compress(request, withHeaders(x, applyAskedStatus(response)));
        } catch (error) {
          // Its body failed while it was read whole (a render that threw part-way): answered as a failure.
          if (request.signal.aborted) return new Response(null, { status: 499 });
          response = await compress(request, withHeaders(x, await failure(x, error)));
        }
        const ms = performance.now() - started;
        // Set by whatever matched (an API's handler, the static files), else the page router's, else one label.
        const route = currentRequestContext()?.route ?? pageRoute(url.pathname) ?? UNMATCHED_ROUTE;
        recordRequest(request.method, route, response.status, ms / 1000);
        if (span) {
          span.updateName(`${request.method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': response.status });
        }
        logger().info({ method: request.method, path: url.pathname, status: response.status, ms: Math.round(ms * 10) / 10 }, 'request');
        return response;
      }),
    );
  };
}
