import { describe, expect, it } from 'vitest';
import { checkAuthInput } from './auth-input';

async function refusal(path: string, body: unknown, query?: unknown, language?: string) {
  const request = new Request('http://localhost/api/auth/x', language ? { headers: { 'accept-language': language } } : {});
  try {
    await checkAuthInput(path, body, query, request);
    return null;
  } catch (error) {
    const { statusCode, body: sent } = error as { statusCode: number; body: unknown };
    return { status: statusCode, body: sent };
  }
}

describe('auth API input checks (issue #15, finding 9)', () => {
  it('lets ordinary input through', async () => {
    expect(await refusal('/email-otp/send-verification-otp', { email: 'ann@example.org', type: 'sign-in' })).toBeNull();
    expect(await refusal('/update-user', { name: 'Ann', onboardedAt: '2025-01-31T08:05:09.123Z' })).toBeNull();
    expect(await refusal('/update-user', { onboardedAt: null })).toBeNull();
    expect(await refusal('/admin/ban-user', { userId: 'u1', banExpiresIn: 3600 })).toBeNull();
    expect(await refusal('/admin/list-users', undefined, { limit: '20', offset: 40 })).toBeNull();
    expect(await refusal('/sign-in/social', { provider: 'oidc', idToken: { token: 'x'.repeat(4000) } })).toBeNull();
  });

  it('finding 9: refuses NUL in an e-mail with a translated 400', async () => {
    expect(await refusal('/email-otp/send-verification-otp', { email: 'a\u0000@example.com', type: 'sign-in' })).toEqual({
      status: 400,
      body: { code: 'INPUT_VALIDATION_FAILED', message: 'Invalid input', fields: { email: 'Must not contain control characters' } },
    });
    expect((await refusal('/sign-in/email-otp', { email: 'a\u0000@example.com', otp: '123456' }, undefined, 'fr'))?.body).toMatchObject({
      message: 'Saisie invalide',
      fields: { email: 'Ne doit pas contenir de caractères de contrôle' },
    });
  });

  it('finds control characters and over-long strings anywhere: nested, in keys, in the query', async () => {
    expect((await refusal('/admin/create-user', { data: { nested: ['ok', 'x\u0001'] } }))?.body).toMatchObject({
      fields: { 'data.nested.1': expect.any(String) },
    });
    expect((await refusal('/organization/create', { metadata: { 'k\u0000': 1 } }))?.body).toMatchObject({
      fields: { 'metadata.k\u0000': expect.any(String) },
    });
    expect((await refusal('/organization/list-members', undefined, { organizationId: '\u0000' }))?.status).toBe(400);
    expect((await refusal('/callback/oidc', { error_description: 'x'.repeat(100_000) }))?.body).toMatchObject({
      fields: { error_description: 'Must contain at most 8192 characters' },
    });
    // Nested thousands deep: no stack overflow.
    expect(await refusal('/update-user', JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`))).toBeNull();
  });

  it('finding 9: refuses an onboardedAt that is no date (update-user {"onboardedAt":"x"})', async () => {
    for (const onboardedAt of ['x', 1e20, true, '99999-01-01', '2020-13-45']) {
      expect(await refusal('/update-user', { onboardedAt }), String(onboardedAt)).toMatchObject({
        status: 400,
        body: { fields: { onboardedAt: 'Invalid date' } },
      });
    }
    expect((await refusal('/admin/create-user', { email: 'a@b.co', name: 'A', data: { onboardedAt: 'x' } }))?.status).toBe(400);
  });

  it('refuses an organisation update with no field it knows, and a callback too big to redirect', async () => {
    expect((await refusal('/organization/update', { data: { a: 1 } }))?.status).toBe(400);
    expect(await refusal('/organization/update', { data: { name: 'Books' } })).toBeNull();
    expect((await refusal('/callback/oidc', { code: 'é'.repeat(2000), state: 'é'.repeat(2000) }))?.body).toMatchObject({
      fields: { code: 'Invalid value' },
    });
    expect(await refusal('/callback/oidc', undefined, { code: 'x'.repeat(2000), state: 'y'.repeat(100) })).toBeNull();
  });

  it('refuses a ban length or a list page that makes no sense to the database', async () => {
    for (const banExpiresIn of [-1e20, 1e308, 0, '3600'])
      expect((await refusal('/admin/ban-user', { userId: 'u', banExpiresIn }))?.status).toBe(400);
    for (const limit of ['1e400', '-1', 'x', 1.5, 2 ** 31])
      expect((await refusal('/admin/list-users', undefined, { limit }))?.status).toBe(400);
  });
});
