import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { allowedMethods } from './methods';
import { createHttpPipeline } from './pipeline';

const fetch = createHttpPipeline(() => new Response('reached'), { env: () => parseEnv({ NODE_ENV: 'production' }) });
/** Node's Request refuses TRACE and friends; the server's adapter passes them on as they are. */
const send = (method: string, path: string) =>
  fetch({
    method,
    url: `http://localhost${path}`,
    headers: new Headers(),
    signal: new AbortController().signal,
    body: null,
  } as unknown as Request);

/** The page routes whose file has a POST handler (a form that posts without JavaScript), as URLs. */
function routesWithPostHandlers(): string[] {
  const root = path.resolve(import.meta.dirname, '../../routes');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  return files
    .filter((file) => /handlers:\s*\{[^}]*POST:/s.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => `/${file.replace(/\.tsx?$/, '').replace(/(^|\/)index$/, '')}`)
    .sort();
}

describe('methods by path', () => {
  it('takes POST on every page whose route posts a form', async () => {
    const posting = routesWithPostHandlers();
    // Written out: a page that gains a POST handler shows here, and must be let through.
    expect(posting).toEqual(['/login', '/login/onboarding', '/login/two-factor', '/login/verify']);
    for (const page of posting) expect(allowedMethods(page), page).toContain('POST');
  });

  it('lets each part of the site take its own methods', async () => {
    for (const [method, path] of [
      ['GET', '/login'],
      ['POST', '/login'],
      ['POST', '/login/verify'],
      ['POST', '/login/onboarding'],
      ['HEAD', '/assets/app.js'],
      ['GET', '/api/health'],
      ['PUT', '/api/rpc/users/1'],
      ['DELETE', '/api/rpc/users/1'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/_serverFn/abc'],
      ['POST', '/api/mcp'],
    ]) {
      expect((await send(method!, path!)).status, `${method} ${path}`).not.toBe(405);
    }
  });

  it('finding 9: refuses TRACE and other odd methods with 405 and an Allow header', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/rpc/users'],
      ['TRACK', '/api/auth/get-session'],
      ['PROPFIND', '/login'],
      ['POST', '/app/account'],
      ['GET', '/login/onboarding'],
      ['DELETE', '/api/openapi'],
      ['PUT', '/api/auth/sign-out'],
      // The MCP server opens no event stream (decision 101).
      ['GET', '/api/mcp'],
    ]) {
      const res = await send(method!, path!);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('Allow')).toBe(allowedMethods(path!));
      expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('answers OPTIONS with the Allow header and no body', async () => {
    const res = await send('OPTIONS', '/api/auth/get-session');
    expect(res.status).toBe(204);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST');
  });
});
