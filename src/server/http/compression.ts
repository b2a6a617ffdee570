/**
 * Rendered pages and API answers, gzipped by the platform's CompressionStream (zlib off the main
 * thread). Static files are compressed at build time and served as they are.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|problem\+json)|image\/svg)/;
const MIN_SIZE = 1024;

const acceptsGzip = (acceptEncoding: string | null) =>
  (acceptEncoding ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return name.trim().toLowerCase() === 'gzip' && (q ? Number(q.trim().slice(2)) : 1) > 0;
  });

export function compress(request: Request, response: Response): Response {
  if (!response.body || request.method === 'HEAD') return response;
  if (response.headers.has('Content-Encoding') || response.status === 204 || response.status === 304) return response;
  const type = response.headers.get('Content-Type') ?? '';
  // Server-sent events must reach the client chunk by chunk.
  if (!COMPRESSIBLE.test(type) || type.startsWith('text/event-stream')) return response;
  if (Number(response.headers.get('Content-Length') ?? Infinity) < MIN_SIZE) return response;
  if (!acceptsGzip(request.headers.get('Accept-Encoding'))) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
