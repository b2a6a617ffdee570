import type { APIRequestContext } from '@playwright/test';
import { clientHeaders, expect, test } from './support/fixtures';
import { send } from './support/fuzz';

/** One test per root cause the fuzz found: a 4xx with a translated message, never a 5xx, and nothing written. */
type ApiError = { code?: string; message?: string; data?: { fields?: Record<string, string> }; fields?: Record<string, string> };

const NUL = '\u0000';
const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

test.describe('client input (issue #15, finding 9)', () => {
  let admin: APIRequestContext;
  let user: APIRequestContext;

  test.beforeAll(async ({ playwright, appServer, adminState, userState }) => {
    const context = (storageState: typeof adminState) =>
      playwright.request.newContext({
        baseURL: appServer.url,
        storageState,
        extraHTTPHeaders: { ...clientHeaders(), Origin: appServer.url },
      });
    admin = await context(adminState);
    user = await context(userState);
  });
  test.afterAll(async () => {
    await admin.dispose();
    await user.dispose();
  });

  const totals = async () => {
    const books = (await (await admin.get('/api/rpc/books?limit=1')).json()) as { total: number };
    const users = (await (await admin.get('/api/rpc/users?limit=1')).json()) as { total: number };
    const genres = (await (await admin.get('/api/rpc/genres')).json()) as unknown[];
    return { books: books.total, users: users.total, genres: genres.length };
  };

  test('finding 9: NUL in search terms, ids, titles, names and cursors → 400 with a translated message, nothing written', async () => {
    const before = await totals();
    const someUser = (
      (await (await admin.get('/api/rpc/users?searchTerm=user@example.com')).json()) as { items: Array<{ id: string; name: string }> }
    ).items[0]!;

    const refused = [
      await admin.get(`/api/rpc/books?searchTerm=${encodeURIComponent(`a${NUL}b`)}`),
      await admin.get(`/api/rpc/users?searchTerm=${encodeURIComponent(NUL)}`),
      await admin.get(`/api/rpc/genres?searchTerm=${encodeURIComponent(NUL)}`),
      await admin.get(`/api/rpc/books/${encodeURIComponent(`a${NUL}b`)}`),
      await admin.get(`/api/rpc/users/${encodeURIComponent(NUL)}`),
      await admin.get(`/api/rpc/books?cursor=${cursorOf(['a', NUL])}`),
      await admin.post('/api/rpc/books', { data: { title: `Title${NUL}`, author: 'Author' } }),
      await admin.post('/api/rpc/genres', { data: { name: `Genre${NUL}` } }),
      await admin.post('/api/rpc/users', { data: { name: `Name${NUL}`, email: 'nul.name@example.org' } }),
      await admin.put(`/api/rpc/users/${someUser.id}`, { data: { name: `Renamed${NUL}`, email: 'user@example.com', role: 'user' } }),
      // The typed client's protocol reaches the same procedures.
      await admin.post('/api/rpc/_rpc/books/create', { data: { json: { title: `T${NUL}`, author: 'A' } } }),
    ];
    for (const res of refused) {
      expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(400);
      expect(((await res.json()) as ApiError & { json?: ApiError }).json?.code ?? ((await res.json()) as ApiError).code).toBe(
        'INPUT_VALIDATION_FAILED',
      );
    }
    const body = (await refused[0]!.json()) as ApiError;
    expect(body).toMatchObject({ message: 'Invalid input', data: { fields: { searchTerm: 'Must not contain control characters' } } });
    const fr = (await (
      await admin.post('/api/rpc/books?lng=fr', { data: { title: `T${NUL}`, author: 'A' }, headers: { 'Accept-Language': 'fr' } })
    ).json()) as ApiError;
    expect(fr).toMatchObject({ message: 'Saisie invalide', data: { fields: { title: 'Ne doit pas contenir de caractères de contrôle' } } });

    expect(await totals()).toEqual(before);
    const after = (await (await admin.get(`/api/rpc/users/${someUser.id}`)).json()) as { name: string };
    expect(after.name).toBe(someUser.name);
  });

  test('finding 9: NUL in an e-mail on the auth API → 400 with a translated message, before the database', async ({ request, sink }) => {
    const sent = sink.messages.length;
    for (const [path, data] of [
      ['/api/auth/email-otp/send-verification-otp', { email: `nul${NUL}@example.com`, type: 'sign-in' }],
      ['/api/auth/sign-in/email-otp', { email: `nul${NUL}@example.com`, otp: '123456' }],
    ] as const) {
      const res = await request.post(path, { data, headers: { 'Accept-Language': 'sw' } });
      expect(res.status(), path).toBe(400);
      expect((await res.json()) as ApiError).toEqual({
        code: 'INPUT_VALIDATION_FAILED',
        message: 'Ingizo si sahihi',
        fields: { email: 'Haipaswi kuwa na herufi za udhibiti' },
      });
    }
    expect(sink.messages.length).toBe(sent);
  });

  test('finding 9: an anonymous admin/set-role {"userId":"x","role":123} is refused, not a TypeError (nor as admin)', async ({
    request,
  }) => {
    const anonymous = await request.post('/api/auth/admin/set-role', { data: { userId: 'x', role: 123 } });
    expect(anonymous.status()).toBeGreaterThanOrEqual(400);
    expect(anonymous.status()).toBeLessThan(500);
    for (const role of [123, false, null, { admin: true }, [1]]) {
      const res = await admin.post('/api/auth/admin/set-role', { data: { userId: 'x', role } });
      expect(res.status(), JSON.stringify(role)).toBe(400);
    }
  });

  test('finding 9: update-user {"onboardedAt":"x"} → 400, and the profile is unchanged', async () => {
    const before = (await (await user.get('/api/auth/get-session')).json()) as { user: { onboardedAt: string | null } };
    for (const onboardedAt of ['x', 1e20, true, '2020-13-45']) {
      const res = await user.post('/api/auth/update-user', { data: { onboardedAt }, headers: { 'Accept-Language': 'fr' } });
      expect(res.status(), String(onboardedAt)).toBe(400);
      expect((await res.json()) as ApiError).toMatchObject({ code: 'INPUT_VALIDATION_FAILED', fields: { onboardedAt: 'Date invalide' } });
    }
    const after = (await (await user.get('/api/auth/get-session?disableCookieCache=true')).json()) as {
      user: { onboardedAt: string | null };
    };
    expect(after.user.onboardedAt).toBe(before.user.onboardedAt);
  });

  test('finding 9: a well-formed but wrong cursor (WyJhIiwiYiJd) → 400 with a translated message', async () => {
    for (const cursor of ['WyJhIiwiYiJd', cursorOf(['2024-02-30 00:00:00+00', 'x']), cursorOf([1, 2])]) {
      const res = await admin.get(`/api/rpc/users?cursor=${cursor}`);
      expect(res.status(), cursor).toBe(400);
      expect((await res.json()) as ApiError).toMatchObject({
        code: 'INPUT_VALIDATION_FAILED',
        data: { fields: { cursor: 'Invalid page cursor' } },
      });
    }
    // A cursor of the right shape is a position in the list, whatever row it names.
    expect((await admin.get(`/api/rpc/users?cursor=${cursorOf(['2024-01-01 00:00:00+00', 'x'])}`)).status()).toBe(200);
  });

  test('finding 9: over-long search terms fall back to the whole list, over-long or NUL ids in page URLs are the 404 page', async () => {
    const html = { Accept: 'text/html' };
    const list = await user.get(`/app/books?searchTerm=${'a'.repeat(101)}`, { headers: html });
    expect(list.status()).toBe(200);
    expect(await list.text()).not.toContain('Something went wrong');
    expect((await admin.get(`/manager/users?searchTerm=${encodeURIComponent(`x${NUL}`)}`, { headers: html })).status()).toBe(200);
    for (const path of [
      `/manager/users/${'a'.repeat(200)}`,
      `/manager/users/${'a'.repeat(200)}/update`,
      '/manager/books/a%00b',
      `/app/books/${'b'.repeat(101)}`,
    ]) {
      const res = await (path.startsWith('/app') ? user : admin).get(path, { headers: html });
      expect(res.status(), path).toBe(404);
    }
    // The REST API answers the same ids with 400.
    expect((await admin.get(`/api/rpc/users/${'a'.repeat(200)}`)).status()).toBe(400);
  });

  test('a list page ignores URL params that are not its own (a cursor, a misspelt filter), whatever their bytes', async () => {
    const html = { Accept: 'text/html' };
    for (const path of ['/manager/audit', '/manager/users', '/manager/books', '/manager/organizations']) {
      for (const query of ['cursor=%FF', 'cursor=abc', 'limit=0', 'serchTerm=x']) {
        expect((await admin.get(`${path}?${query}`, { headers: html })).status(), `${path}?${query}`).toBe(200);
      }
    }
  });

  test('finding 9: TRACE on any path → 405 with an Allow header', async ({ app }) => {
    for (const path of ['/', '/login', '/app/books', '/api/rpc/books', '/api/auth/get-session', '/api/health', '/favicon.svg']) {
      const res = await send(
        app.url,
        { index: 0, kind: 'method', identity: 'anonymous', method: 'TRACE', path, headers: clientHeaders() },
        undefined,
      );
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toMatch(/^GET, HEAD/);
    }
    const propfind = await send(
      app.url,
      { index: 0, kind: 'method', identity: 'anonymous', method: 'PROPFIND', path: '/login', headers: clientHeaders() },
      undefined,
    );
    expect(propfind.status).toBe(405);
  });
});
