/**
 * Cross-site write protection (decision 030), one rule for every path: pages, the product API,
 * server functions and the auth API (Better Auth checks the origin of its own calls as well).
 *
 * A request that may change state (any method but GET, HEAD and OPTIONS) is refused when the
 * browser says it comes from another site: by `Origin`, or, when a browser sent none, by
 * `Sec-Fetch-Site`, or else by `Referer`. A request with none of the three comes from a program,
 * not from a page another site controls, and passes. Where JSON is expected (`/api/rpc`, `/api/mcp`), a body
 * of any other type is refused: a form on another site can only send form, multipart or text bodies.
 * Likewise an upload (`/api/images`) takes only an `image/*` body.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers from identity providers, which may come back as a cross-site form post. */
const PROVIDER_CALLBACKS = /^\/api\/auth\/(callback|oauth2\/callback)\//;
const JSON_ONLY = /^\/api\/(rpc\/|mcp$)/;
const JSON_TYPE = /^application\/([a-z.+-]*\+)?json\s*(;|$)/i;
/** Uploads take an image's bytes with its image type: a type no form can send (decision 037). */
const IMAGE_ONLY = /^\/api\/images\//;
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+\s*(;|$)/i;

export interface Refusal {
  status: 403 | 415;
  code: 'CROSS_SITE_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE' | 'IMAGE_TYPE_REFUSED';
  /** The message's translation key, when not `api:<code>`. */
  key?: string;
}

function fromAnotherSite(request: Request, ownOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== ownOrigin;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const referer = request.headers.get('referer');
  if (referer !== null) return !URL.canParse(referer) || new URL(referer).origin !== ownOrigin;
  return false;
}

/** A declared type that is not JSON, or a body with no declared type at all. */
function notJson(request: Request) {
  const type = request.headers.get('content-type');
  if (type !== null) return !JSON_TYPE.test(type);
  return request.headers.has('transfer-encoding') || Number(request.headers.get('content-length') ?? 0) > 0;
}

export function crossSiteRefusal(request: Request, url: URL, baseUrl: string): Refusal | undefined {
  if (SAFE_METHODS.has(request.method) || PROVIDER_CALLBACKS.test(url.pathname)) return undefined;
  if (fromAnotherSite(request, new URL(baseUrl).origin)) return { status: 403, code: 'CROSS_SITE_REQUEST' };
  if (JSON_ONLY.test(url.pathname) && notJson(request)) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
  }
  if (IMAGE_ONLY.test(url.pathname) && request.method !== 'DELETE' && !IMAGE_TYPE.test(request.headers.get('content-type') ?? '')) {
    return { status: 415, code: 'IMAGE_TYPE_REFUSED', key: 'images:errors.IMAGE_TYPE_REFUSED' };
  }
  return undefined;
}
