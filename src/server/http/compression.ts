/**
 * On-the-fly compression of dynamic responses (SSR HTML, JSON). Static files are compressed by
 * the static middleware; this covers what the application renders.
 */
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|problem\+json)|image\/svg)/;

function pickEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return [name.trim().toLowerCase(), q ? Number(q.trim().slice(2)) : 1] as const;
    }),
  );
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

export function compress(request: Request, response: Response): Response {
  if (!response.body || request.method === 'HEAD') return response;
  if (response.headers.has('Content-Encoding') || response.status === 204 || response.status === 304) return response;
  const type = response.headers.get('Content-Type') ?? '';
  if (!COMPRESSIBLE.test(type)) return response;
  // Server-sent events must reach the client chunk by chunk.
  if (type.startsWith('text/event-stream')) return response;
  const length = Number(response.headers.get('Content-Length') ?? NaN);
  if (length < 1024) return response;
  const encoding = pickEncoding(request.headers.get('Accept-Encoding'));
  if (!encoding) return response;

  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 }, flush: constants.BROTLI_OPERATION_FLUSH })
      : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
  // pipeline() destroys every stage when one fails or the client goes away; nothing is left dangling.
  const compressed = pipeline(Readable.fromWeb(response.body as NodeReadableStream), compressor, () => {});
  const body = Readable.toWeb(compressed) as ReadableStream<Uint8Array>;
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
