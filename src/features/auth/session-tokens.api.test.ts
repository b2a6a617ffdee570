// G8: no answer of the auth API carries a session's raw token, whichever endpoint: the sign-ins,
// impersonation and every other endpoint the app serves, called as a client would. A token is
// looked for by value (every session token the database held during the run), not by field name.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from '#/server/auth.ts';
import { authEndpointEnabled } from '#/server/auth-endpoints.ts';
import { queryRows } from '#/server/db/client.ts';
import { database } from '#/server/db/index.ts';
import { authApi, codeSentAfter, newestMailId, type ApiResult } from '../../../tests/support/api.ts';
import { requestCode, signInWithCode } from '../../../tests/support/login-codes.ts';

const answers: Array<{ call: string; text: string }> = [];
const tokens = new Set<string>();

async function noteTokens() {
  const rows = await queryRows<{ token: string }>(await database(), sql`select token from session`);
  for (const row of rows) tokens.add(row.token);
}

async function call(method: string, path: string, cookie: string | undefined, body?: Record<string, unknown>): Promise<ApiResult> {
  const res = await authApi(method, path, { cookie, body, headers: { 'x-app-client-ip': '203.0.113.80' } });
  answers.push({ call: `${method} ${path}`, text: typeof res.body === 'string' ? res.body : JSON.stringify(res.body) });
  await noteTokens();
  return res;
}

const cookiesOf = (cookie: string, res: { headers: Headers } | { cookies: string[] }) => {
  const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const) : []);
  const set = 'cookies' in res ? res.cookies : res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  for (const pair of set) jar.set(pair.split('=')[0]!, pair);
  return [...jar.values()].join('; ');
};

/** Signed in through the HTTP answer a browser gets, which is recorded like the others. */
async function signInAs(email: string): Promise<string> {
  const client = { ip: `198.51.100.${80 + answers.length}` };
  const before = newestMailId();
  expect((await requestCode(email, client)).status).toBe(200);
  const signedIn = await signInWithCode(email, await codeSentAfter(email, before), client);
  expect(signedIn.status).toBe(200);
  answers.push({ call: 'POST /sign-in/email-otp', text: JSON.stringify(signedIn.body) });
  await noteTokens();
  return cookiesOf('', signedIn);
}

/** Last, so that the calls before them still have a session. */
const ENDING = ['/sign-out', '/revoke-sessions', '/revoke-other-sessions', '/revoke-session', '/delete-user'];

beforeAll(async () => {
  await getAuth();
});

describe('session tokens in the auth API’s answers', () => {
  it(
    'G8: no answer of any endpoint the app serves, the sign-in, impersonation and its end included, carries a session’s token',
    { timeout: 180_000 },
    async () => {
      const admin = await signInAs('admin@example.com');
      const walker = await signInAs(`g8.${randomBytes(4).toString('hex')}@example.org`);
      const walkerId = ((await call('GET', '/get-session', walker)).body as { user: { id: string } }).user.id;

      // The answers that held a token before: the session, the lists, impersonation and its end.
      await call('GET', '/list-sessions', admin);
      await call('GET', '/admin/list-user-sessions', admin, { userId: walkerId });
      await call('POST', '/admin/list-user-sessions', admin, { userId: walkerId });
      const started = await call('POST', '/admin/impersonate-user', admin, { userId: walkerId });
      expect(started.status).toBe(200);
      const acting = cookiesOf(admin, started);
      expect(((await call('GET', '/get-session', acting)).body as { user: { id: string } }).user.id).toBe(walkerId);
      expect((await call('POST', '/admin/stop-impersonating', acting)).status).toBe(200);

      // Then every endpoint the app serves, as a signed-in client and as a visitor.
      const auth = await getAuth();
      const endpoints = Object.values(auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
        .filter((endpoint): endpoint is { path: string; options: { method?: string | string[] } } =>
          Boolean(endpoint.path && authEndpointEnabled(endpoint.path)),
        )
        .map((endpoint) => ({ path: endpoint.path.replace(/:[A-Za-z]+/g, 'github'), methods: [endpoint.options.method ?? 'GET'].flat() }))
        .sort((a, b) => Number(ENDING.includes(a.path)) - Number(ENDING.includes(b.path)));
      expect(endpoints.length).toBeGreaterThan(40);
      for (const { path, methods } of endpoints) {
        for (const method of methods.flatMap((m) => (m === '*' ? ['GET', 'POST'] : [m]))) {
          await call(method, path, undefined);
          await call(method, path, walker, method === 'GET' ? undefined : {});
        }
      }

      expect(tokens.size).toBeGreaterThanOrEqual(3);
      const leaks = answers.filter(({ text }) => [...tokens].some((token) => text.includes(token))).map(({ call }) => call);
      expect(leaks).toEqual([]);
    },
  );
});
