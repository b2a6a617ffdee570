// G2: the metrics' series are bounded whatever paths anonymous clients make up. Requests go through
// the HTTP pipeline and the real product and auth APIs; only the framework's page render, which
// needs Vite, is stood in for (a guard's 307 under /app and /manager, 404 where no route matches).
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRouteId } from '#/page-routes.ts';
import { handleApiRequest } from './api-handler.ts';
import { getAuth } from './auth.ts';
import { handleAuthRequest } from './auth-handler.ts';
import { createHttpPipeline } from './http/pipeline.ts';
import { serveMetrics, UNMATCHED_ROUTE } from './metrics.ts';

function standInPage(request: Request): Response {
  const { pathname } = new URL(request.url);
  if (!pageRouteId(pathname)) return new Response('not found', { status: 404 });
  if (/^\/(app|manager)(\/|$)/.test(pathname)) return new Response(null, { status: 307, headers: { Location: '/login' } });
  return new Response('<!doctype html><p>page</p>', { headers: { 'Content-Type': 'text/html' } });
}

const app = createHttpPipeline(
  (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/rpc/')) return handleApiRequest(request);
    if (pathname.startsWith('/api/auth/')) return handleAuthRequest(request);
    return standInPage(request);
  },
  { pageRoute: pageRouteId },
);

let metrics: Server;
let url = '';

beforeAll(async () => {
  await getAuth();
  metrics = await serveMetrics(0, '127.0.0.1');
  const address = metrics.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
});
afterAll(() => new Promise<void>((resolve) => metrics.close(() => resolve())));

const scrape = async () => (await fetch(url)).text();
const requestSeries = (text: string) => text.split('\n').filter((line) => line.startsWith('http_requests_total{'));
const routesIn = (text: string) => new Set(requestSeries(text).map((line) => /route="([^"]*)"/.exec(line)?.[1]));

/** Made-up segments: words, ids, a slug, odd characters. */
function madeUp(n: number): string {
  const forms = [`x${n}`, `${n}`.padStart(8, '7'), `slug-${n}-co`, `a${n}b${n}c${n}d${n}e${n}f${n}`, `%7E${n}`, `${n}.php`];
  return forms[n % forms.length]!;
}

const PREFIXES = ['/api/rpc/users/', '/app/', '/invitations/', '/manager/', '/api/auth/', '/'];

async function send(count: number, from: number) {
  for (let i = from; i < from + count; i++) {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    const depth = 1 + (i % 3);
    const path = prefix + Array.from({ length: depth }, (_, d) => madeUp(i * 3 + d)).join('/');
    const response = await app(new Request(`http://localhost:3000${path}`, { method: i % 5 === 0 ? 'POST' : 'GET' }));
    await response.arrayBuffer();
  }
}

describe('the route label of a request’s metrics', () => {
  it(
    'G2: 500 made-up paths under /api/rpc/users, /app, /invitations, /manager, /api/auth and the top level add no series',
    { timeout: 300_000 },
    async () => {
      await send(120, 0);
      const before = requestSeries(await scrape()).length;
      await send(500, 1000);
      const text = await scrape();
      expect(requestSeries(text).length).toBe(before);
      expect(routesIn(text)).toContain(UNMATCHED_ROUTE);
      for (const segment of ['x1000', 'slug-3003-co', '3006.php']) expect(text).not.toContain(segment);
    },
  );

  it('G2: labels a page by its route id and a procedure by its route, never by the slug or id in the path', async () => {
    for (const path of ['/app/organizations/acme-private-slug', '/api/rpc/users/0b9e4c1a-6f2d-4a57-9a39-2c1f0c7e9b11', '/login']) {
      await (await app(new Request(`http://localhost:3000${path}`))).arrayBuffer();
    }
    const text = await scrape();
    const routes = routesIn(text);
    expect(routes).toContain('/app/organizations/$slug/');
    expect(routes).toContain('/api/rpc/users/{id}');
    expect(routes).toContain('/login/');
    expect(text).not.toContain('acme-private-slug');
    expect(text).not.toContain('0b9e4c1a');
  });
});
