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

describe('methods by path', () => {
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
