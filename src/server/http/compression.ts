/**
 * Rendered pages and API answers, gzipped. A body that ends within 256 KB (every page and API answer
 * here) is read whole and compressed in one call, with its length: CompressionStream, chunk by chunk
 * on zlib's thread pool, cost a quarter of a page's CPU time (docs/decisions/072-cpu-per-request.md).
 * A longer body is compressed as it streams. Static files are compressed at build time.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipped = promisify(gzip);
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|problem\+json)|image\/svg)/;
const MIN_SIZE = 1024;
const WHOLE_UP_TO = 256 * 1024;
type Bytes = Uint8Array<ArrayBuffer>;

const acceptsGzip = (acceptEncoding: string | null) =>
  (acceptEncoding ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return name.trim().toLowerCase() === 'gzip' && (q ? Number(q.trim().slice(2)) : 1) > 0;
  });

/** The body whole when it ends within `limit` bytes; otherwise one stream again, of what was read and the rest. */
async function readUpTo(body: ReadableStream<Bytes>, limit: number): Promise<Buffer | ReadableStream<Bytes>> {
  const reader = body.getReader();
  const chunks: Bytes[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    chunks.push(value);
    size += value.byteLength;
    if (size > limit)
      return new ReadableStream<Bytes>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
  }
}

export async function compress(request: Request, response: Response): Promise<Response> {
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
  const init = { status: response.status, statusText: response.statusText, headers };
  const body = await readUpTo(response.body, WHOLE_UP_TO);
  if (body instanceof ReadableStream) return new Response(body.pipeThrough(new CompressionStream('gzip')), init);
  const compressed = await gzipped(body);
  headers.set('Content-Length', String(compressed.byteLength));
  return new Response(compressed, init);
}
