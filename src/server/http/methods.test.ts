import { describe, expect, it } from 'vitest';
import { allowedMethods, refuseMethod } from './methods';

describe('methods by path', () => {
  it('lets each part of the site take its own methods', () => {
    for (const [method, path] of [
      ['GET', '/login'],
      ['HEAD', '/assets/app.js'],
      ['GET', '/api/health'],
      ['PUT', '/api/rpc/books/1'],
      ['DELETE', '/api/rpc/books/1'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/_serverFn/abc'],
    ]) {
      expect(refuseMethod(method!, path!), `${method} ${path}`).toBeNull();
    }
  });

  it('finding 9: refuses TRACE and other odd methods with 405 and an Allow header', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/rpc/books'],
      ['TRACK', '/api/auth/get-session'],
      ['PROPFIND', '/login'],
      ['POST', '/login'],
      ['DELETE', '/api/openapi'],
      ['PUT', '/api/auth/sign-out'],
    ]) {
      const res = refuseMethod(method!, path!)!;
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('Allow')).toBe(allowedMethods(path!));
      expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('answers OPTIONS with the Allow header and no body', () => {
    const res = refuseMethod('OPTIONS', '/api/auth/get-session')!;
    expect(res.status).toBe(204);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST');
  });
});
