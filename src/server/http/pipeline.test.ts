import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { createHttpPipeline, MAX_BODY_BYTES, type AppHandler } from './pipeline.ts';

const production =
  (vars: Record<string, string> = {}) =>
  () =>
    parseEnv({ NODE_ENV: 'production', ...vars });
const page = '<!doctype html><html><body>' + 'x'.repeat(4000) + '</body></html>';
const html: AppHandler = () => new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Server-Timing': 'db;dur=3' } });

describe('HTTP pipeline', () => {
  it('sets the security headers, with a fresh nonce per request in the CSP', async () => {
    const nonces: string[] = [];
    const fetch = createHttpPipeline((_req, { context }) => (nonces.push(context.nonce), html(_req, { context })), { env: production() });
    const a = await fetch(new Request('http://localhost/login'));
    const b = await fetch(new Request('http://localhost/login'));
    const csp = a.headers.get('Content-Security-Policy')!;
    expect(csp).toContain(`script-src 'self' 'nonce-${nonces[0]}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(b.headers.get('Content-Security-Policy')).toContain(nonces[1]);
    expect(a.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(a.headers.get('X-Frame-Options')).toBe('DENY');
    expect(a.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(a.headers.get('Strict-Transport-Security')).toBeNull();
    expect(a.headers.get('Server-Timing')).toBeNull();
  });

  it('gives every answer an X-Request-Id: a trusted proxy’s when it looks like an id, else a new UUID', async () => {
    const fromPeer = (ip: string, id?: string) => {
      const request = new Request('http://localhost/login', { headers: id ? { 'X-Request-Id': id } : {} });
      Object.defineProperty(request, 'ip', { value: ip });
      return request;
    };
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const fetch = createHttpPipeline(html, { env: production() });
    const made = await fetch(fromPeer('127.0.0.1'));
    expect(made.headers.get('X-Request-Id')).toMatch(uuid);
    expect((await fetch(fromPeer('127.0.0.1'))).headers.get('X-Request-Id')).not.toBe(made.headers.get('X-Request-Id'));
    // TRUSTED_PROXIES defaults to loopback: a proxy on this host.
    expect((await fetch(fromPeer('127.0.0.1', 'lb-7f3a.2'))).headers.get('X-Request-Id')).toBe('lb-7f3a.2');
    expect((await fetch(fromPeer('127.0.0.1', 'two words'))).headers.get('X-Request-Id')).toMatch(uuid);
    expect((await fetch(fromPeer('127.0.0.1', 'x'.repeat(129)))).headers.get('X-Request-Id')).toMatch(uuid);
    // A client on the internet cannot choose the id its lines are logged under.
    expect((await fetch(fromPeer('203.0.113.9', 'lb-7f3a.2'))).headers.get('X-Request-Id')).toMatch(uuid);
    const behindBalancer = createHttpPipeline(html, { env: production({ TRUSTED_PROXIES: '10.0.0.0/8' }) });
    expect((await behindBalancer(fromPeer('10.1.2.3', 'lb-7f3a.2'))).headers.get('X-Request-Id')).toBe('lb-7f3a.2');
    expect((await behindBalancer(fromPeer('127.0.0.1', 'lb-7f3a.2'))).headers.get('X-Request-Id')).toMatch(uuid);
  });

  it('adds Strict-Transport-Security when BASE_URL is https', async () => {
    const fetch = createHttpPipeline(html, { env: production({ BASE_URL: 'https://app.example' }) });
    const res = await fetch(new Request('http://localhost/'));
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
  });

  it('sets headers on redirects, whose headers are immutable', async () => {
    const fetch = createHttpPipeline(() => Response.redirect('http://localhost/login', 307), { env: production() });
    const res = await fetch(new Request('http://localhost/'));
    expect(res.status).toBe(307);
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('refuses bodies over 1 MB with 413, by declared length or by counting a streamed body', async () => {
    let reached = 0;
    const echo: AppHandler = async (req) => {
      reached++;
      return new Response(String((await req.arrayBuffer()).byteLength));
    };
    const fetch = createHttpPipeline(echo, { env: production() });
    const declared = await fetch(
      new Request('http://localhost/api/rpc/x', { method: 'POST', body: 'x', headers: { 'Content-Length': String(MAX_BODY_BYTES + 1) } }),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(reached).toBe(0);

    const chunk = new Uint8Array(256 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await fetch(
      new Request('http://localhost/api/rpc/x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
    );
    expect(streamed.status).toBe(413);

    const ok = await fetch(new Request('http://localhost/api/rpc/x', { method: 'POST', body: new Uint8Array(MAX_BODY_BYTES) }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(String(MAX_BODY_BYTES));
  });

  it('answers an unhandled error with 500 and no stack trace: JSON for APIs, a page for browsers', async () => {
    const boom: AppHandler = () => {
      throw new Error('secret detail at /work/main/src/x.ts:12');
    };
    const fetch = createHttpPipeline(boom, { env: production() });
    const api = await fetch(new Request('http://localhost/api/rpc/books'));
    expect(api.status).toBe(500);
    const body = await api.text();
    expect(JSON.parse(body)).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong' });
    expect(body).not.toContain('secret');

    const pageRes = await fetch(
      new Request('http://localhost/app', { headers: { Accept: 'text/html', Referer: 'http://localhost/app/books?x=1' } }),
    );
    expect(pageRes.status).toBe(500);
    const text = await pageRes.text();
    expect(text).toContain('<p>500</p><h1>Something went wrong</h1>');
    expect(text).toContain('<a href="/app/books">Back</a> · <a href="/">Home</a>');
    const elsewhere = await fetch(
      new Request('http://localhost/app', { headers: { Accept: 'text/html', Referer: 'https://evil.example/x' } }),
    );
    expect(await elsewhere.text()).toContain('<a href="/">Back</a>');
    expect(text).not.toMatch(/secret|\.ts:\d+|at /);
  });

  it('compresses HTML and JSON with gzip when accepted, but not bodies declared small', async () => {
    const fetch = createHttpPipeline(html, { env: production() });
    const gz = await fetch(new Request('http://localhost/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }));
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Vary')).toContain('Accept-Encoding');
    // Read whole and compressed in one piece: its length is known.
    const gzBody = Buffer.from(await gz.arrayBuffer());
    expect(gz.headers.get('Content-Length')).toBe(String(gzBody.length));
    expect(gunzipSync(gzBody).toString()).toBe(page);

    for (const refused of [undefined, 'br', 'gzip;q=0, br']) {
      const res = await fetch(new Request('http://localhost/', { headers: refused ? { 'Accept-Encoding': refused } : {} }));
      expect(res.headers.get('Content-Encoding'), refused).toBeNull();
      expect(await res.text()).toBe(page);
    }

    const tiny = '{"status":"ok"}';
    const small = createHttpPipeline(
      () => new Response(tiny, { headers: { 'Content-Type': 'application/json', 'Content-Length': String(tiny.length) } }),
      { env: production() },
    );
    const res = await small(new Request('http://localhost/api/health', { headers: { 'Accept-Encoding': 'gzip' } }));
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe(tiny);
  });

  it('compresses a body past 256 KB as a stream, without a length', async () => {
    const big = 'x'.repeat(700 * 1024);
    const fetch = createHttpPipeline(() => new Response(big, { headers: { 'Content-Type': 'text/plain' } }), { env: production() });
    const res = await fetch(new Request('http://localhost/big', { headers: { 'Accept-Encoding': 'gzip' } }));
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
  });

  it('a streamed body keeps its order when it passes 256 KB part-way: the chunks read so far, then the rest', async () => {
    const chunks = Array.from({ length: 100 }, (_, i) => `${String(i).padStart(3, '0')}${'y'.repeat(5 * 1024)}`);
    const fetch = createHttpPipeline(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        ),
      { env: production() },
    );
    const res = await fetch(new Request('http://localhost/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } }));
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(chunks.join(''));
  });

  it('a body that fails while it is read whole is answered as a failure: 500 and the error page, not a broken page', async () => {
    const fetch = createHttpPipeline(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new TextEncoder().encode('<!doctype html><html><body>' + 'z'.repeat(2000)));
              controller.error(new Error('render failed part-way'));
            },
          }),
          { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        ),
      { env: production() },
    );
    // Signed in: not the anonymous pages' cache, which reads a body itself.
    const res = await fetch(
      new Request('http://localhost/app', {
        headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip', Cookie: 'better-auth.session_token=t.s' },
      }),
    );
    expect(res.status).toBe(500);
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(text).toContain('<h1>Something went wrong</h1>');
    expect(text).not.toContain('zzz');
  });

  it('serves hashed assets precompressed at build time, cached for a year', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'static-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = 'console.log("' + 'x'.repeat(4000) + '");';
    writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    const fetch = createHttpPipeline(html, { env: production(), staticDir: dir });
    const res = await fetch(new Request('http://localhost/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }));
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('pages for visitors without a session (decision 028)', () => {
  const renderer = (init: (request: Request) => ResponseInit = () => ({})) => {
    const renders: string[] = [];
    const app: AppHandler = (request, { context }) => {
      renders.push(request.url);
      const body = `<!doctype html><html><head><script nonce="${context.nonce}">1</script></head><body>${request.headers.get('accept-language')}</body></html>`;
      const base = init(request);
      return new Response(body, { ...base, headers: { 'Content-Type': 'text/html; charset=utf-8', ...(base.headers as object) } });
    };
    return { renders, fetch: createHttpPipeline(app, { env: production() }) };
  };
  const visit = (url: string, headers: Record<string, string> = {}) =>
    new Request(url, { headers: { accept: 'text/html', 'accept-language': 'en', ...headers } });
  const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy')!)![1]!;

  it('renders a page once per second and key, each answer with its own nonce in the CSP and the HTML', async () => {
    const { renders, fetch } = renderer();
    const a = await fetch(visit('http://localhost/login'));
    const b = await fetch(visit('http://localhost/login'));
    expect(renders).toHaveLength(1);
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(htmlA).toContain(`nonce="${nonceOf(a)}"`);
    expect(htmlB).toContain(`nonce="${nonceOf(b)}"`);
    expect(htmlB).not.toContain(nonceOf(a));

    // Another language, another URL, another cookie: each is rendered.
    await fetch(visit('http://localhost/login', { 'accept-language': 'fr' }));
    await fetch(visit('http://localhost/login?lng=ar'));
    await fetch(visit('http://localhost/login', { cookie: 'i18next=sw' }));
    expect(renders).toHaveLength(4);
    expect(await (await fetch(visit('http://localhost/login', { 'accept-language': 'fr' }))).text()).toContain('<body>fr</body>');
    expect(renders).toHaveLength(4);
  });

  it('renders every time for a request with a session cookie, and marks the answer private', async () => {
    const { renders, fetch } = renderer();
    const first = await fetch(visit('http://localhost/app', { cookie: 'better-auth.session_token=abc.def' }));
    await fetch(visit('http://localhost/app', { cookie: 'better-auth.session_token=abc.def' }));
    // Any cookie of that family counts, whatever Better Auth's exact name: never served from the cache.
    await fetch(visit('http://localhost/app', { cookie: 'better-auth-session_token=KNOWN' }));
    await fetch(visit('http://localhost/app', { cookie: 'better-auth-session_token=KNOWN' }));
    expect(renders).toHaveLength(4);
    expect(first.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('keeps a page for one second only', async () => {
    const { renders, fetch } = renderer();
    await fetch(visit('http://localhost/login'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await fetch(visit('http://localhost/login'));
    expect(renders).toHaveLength(2);
  });

  it('renders every time in development', async () => {
    let renders = 0;
    const fetch = createHttpPipeline(
      () => (renders++, new Response('<!doctype html><p>page</p>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } })),
      { env: () => parseEnv({ NODE_ENV: 'development' }) },
    );
    await fetch(visit('http://localhost/login'));
    await fetch(visit('http://localhost/login'));
    expect(renders).toBe(2);
  });

  it('does not keep a page that sets a cookie or is not a 200', async () => {
    const cookie = renderer(() => ({ headers: { 'Set-Cookie': 'i18next=fr; Path=/' } }));
    await cookie.fetch(visit('http://localhost/login'));
    const again = await cookie.fetch(visit('http://localhost/login'));
    expect(cookie.renders).toHaveLength(2);
    expect(again.headers.get('Set-Cookie')).toBe('i18next=fr; Path=/');
    const missing = renderer(() => ({ status: 404 }));
    expect((await missing.fetch(visit('http://localhost/nowhere'))).status).toBe(404);
    await missing.fetch(visit('http://localhost/nowhere'));
    expect(missing.renders).toHaveLength(2);
  });
});

describe('cross-site writes (decision 030)', () => {
  let reached = 0;
  const fetch = createHttpPipeline(() => (reached++, Response.json({ ok: true })), {
    env: production({ BASE_URL: 'https://app.example' }),
  });
  const post = (path: string, headers: Record<string, string>, body = '{}') =>
    fetch(new Request(`https://app.example${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));

  it('refuses a write whose Origin, Sec-Fetch-Site or Referer names another site, in the caller’s language', async () => {
    reached = 0;
    const attacks: Array<Record<string, string>> = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: 'http://app.example' }, // the same host over http is another origin
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/form' },
    ];
    for (const headers of attacks) {
      for (const path of ['/api/rpc/books', '/api/rpc/_rpc/users/update', '/_serverFn/abc', '/api/auth/update-user', '/login']) {
        const res = await post(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
      }
    }
    expect(reached).toBe(0);
    const french = await post('/api/rpc/books', { origin: 'http://evil.example', 'accept-language': 'fr' });
    expect((await french.json()).message).toBe("Cette requête vient d'un autre site et a été refusée");
  });

  it('lets the app’s own pages and programs without browser headers write', async () => {
    reached = 0;
    expect((await post('/api/rpc/books', { origin: 'https://app.example' })).status).toBe(200);
    expect((await post('/api/rpc/books', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post('/api/rpc/books', { referer: 'https://app.example/manager/books/new' })).status).toBe(200);
    expect((await post('/api/rpc/books', {})).status).toBe(200);
    // An identity provider's answer may come back as a cross-site form post.
    expect((await post('/api/auth/callback/oidc', { origin: 'https://id.example' })).status).toBe(200);
    // Reads are never refused.
    expect((await fetch(new Request('https://app.example/api/rpc/books', { headers: { origin: 'http://evil.example' } }))).status).toBe(
      200,
    );
    expect(reached).toBe(6);
  });

  it('refuses a form, multipart or text body where JSON is expected', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await fetch(
        new Request('https://app.example/api/rpc/books', {
          method: 'POST',
          headers: { origin: 'https://app.example', ...(type ? { 'content-type': type } : {}) },
          body: 'title=x&author=a',
        }),
      );
      expect(res.status, type).toBe(415);
      expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(
      (await post('/api/rpc/books', { origin: 'https://app.example', 'content-type': 'application/json; charset=utf-8' })).status,
    ).toBe(200);
  });

  it('refuses an API key anywhere but the product API and its MCP server: pages, the auth API, uploads, files — in the caller’s language', async () => {
    const reached: string[] = [];
    const fetch = createHttpPipeline((req) => (reached.push(new URL(req.url).pathname), new Response('ok')), { env: production() });
    const key = `sb_${'a'.repeat(64)}`;
    for (const [path, headers, method] of [
      ['/app/books', { 'x-api-key': key }, 'GET'],
      ['/api/auth/get-session', { authorization: `Bearer ${key}` }, 'GET'],
      ['/api/images/users/u1', { 'x-api-key': key, 'content-type': 'image/png' }, 'PUT'],
      ['/manifest.webmanifest', { 'x-api-key': key }, 'GET'],
      ['/', { authorization: `bearer ${key}` }, 'GET'],
    ] as const) {
      const res = await fetch(new Request(`http://localhost${path}`, { headers, method, body: method === 'PUT' ? 'png' : undefined }));
      expect(res.status, path).toBe(401);
      expect(res.headers.get('www-authenticate'), path).toBe('Bearer');
      expect(((await res.json()) as { code: string }).code, path).toBe('API_KEY_NOT_HERE');
    }
    const french = await fetch(new Request('http://localhost/', { headers: { 'x-api-key': key, 'accept-language': 'fr' } }));
    expect(((await french.json()) as { message: string }).message).toBe(
      'Les clés d’API n’ouvrent que l’API du produit (/api/rpc) et son serveur MCP (/api/mcp)',
    );
    expect(reached).toEqual([]);
    // The product API takes it; a Basic login in front of a staging site is not a key.
    expect((await fetch(new Request('http://localhost/api/rpc/books', { headers: { 'x-api-key': key } }))).status).toBe(200);
    expect((await fetch(new Request('http://localhost/app/books', { headers: { authorization: 'Basic dTpw' } }))).status).toBe(200);
    const mcp = { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' };
    expect((await fetch(new Request('http://localhost/api/mcp', mcp))).status).toBe(200);
    expect((await fetch(new Request('http://localhost/api/mcp/x', { headers: { authorization: `Bearer ${key}` } }))).status).toBe(401);
    expect(reached).toEqual(['/api/rpc/books', '/app/books', '/api/mcp']);
  });
});
