// A key is never reused, so any cache may keep the answer forever.
import { UPLOADS_PATH, isKey } from './storage-keys.ts';
import { storage } from './storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function serveUpload(request: Request): Promise<Response> {
  const key = new URL(request.url).pathname.slice(UPLOADS_PATH.length);
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  if (!isKey(key)) return notFound();
  const etag = `"${key.replaceAll('/', '.')}"`;
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': IMMUTABLE } });
  }
  const found = await (await storage()).get(key);
  if (!found) return notFound();
  const headers: Record<string, string> = { 'Content-Type': 'image/webp', 'Cache-Control': IMMUTABLE, ETag: etag };
  if (found.size !== undefined) headers['Content-Length'] = String(found.size);
  if (request.method === 'HEAD') {
    await found.body.cancel();
    return new Response(null, { headers });
  }
  return new Response(found.body, { headers });
}
