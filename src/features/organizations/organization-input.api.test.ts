// An organisation's path with input the database cannot take (the fuzz run's `a%00b`): a 400 naming the input,
// never a 500, before and after the membership is looked up.
import { describe, expect, it } from 'vitest';
import { api, authApi, signIn } from '../../../tests/support/api.ts';

describe("an organisation's path the database cannot read", () => {
  it('answers 400 INPUT_VALIDATION_FAILED to a slug with a NUL, on the page, its webhooks and a test delivery', async () => {
    const cookie = await signIn('user@example.com');
    for (const [method, path] of [
      ['GET', '/organizations/a%00b'],
      ['GET', '/organizations/a%00b/webhooks'],
      ['POST', '/organizations/a%00b/webhooks/6dd9faf5-77cd-1fa4-f75e-bfc73db1d204/test'],
    ] as const) {
      const res = await api(method, path, { cookie, body: method === 'POST' ? {} : undefined });
      expect([path, res.status, res.body]).toEqual([path, 400, expect.objectContaining({ code: 'INPUT_VALIDATION_FAILED' })]);
    }
  });
});

describe("an organisation's auth endpoint without a session", () => {
  it('answers 401 with a JSON body and a code, as every error, translated', async () => {
    const res = await authApi('POST', '/organization/create', { body: { name: 'Nobody', slug: 'nobody-org' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const french = await authApi('POST', '/organization/create', {
      body: { name: 'Nobody', slug: 'nobody-org' },
      headers: { cookie: 'i18next=fr' },
    });
    expect((french.body as { message: string }).message).not.toBe((res.body as { message: string }).message);
  });
});
