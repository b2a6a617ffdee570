import { eq, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../tests/support/api.ts';
import { getAuth } from './auth.ts';
import { database } from './db/index.ts';
import { session, user } from './db/schema.ts';
import { handleAuthRequest } from './auth-handler.ts';
import { handleApiRequest } from './api-handler.ts';
import { parseEnv } from './env.ts';
import { CLIENT_IP_HEADER, createHttpPipeline } from './http/pipeline.ts';
import { requestSession } from './request-session.ts';

const ORIGIN = 'http://localhost:3000';
const withCookie = (cookie: string) => new Request(`${ORIGIN}/api/rpc/account/sessions`, { headers: { cookie } });

describe('a request’s session (read from the database each time, decision 028)', () => {
  let cookie: string;
  let value: string;
  beforeAll(async () => {
    cookie = await signIn('user@example.com');
    value = /better-auth\.session_token=([^;]+)/.exec(cookie)![1]!;
  });

  it('is what Better Auth itself reads for the same cookie', async () => {
    const ours = await requestSession(withCookie(cookie));
    const theirs = await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) });
    expect(ours?.user).toMatchObject({ email: 'user@example.com', role: 'user', name: 'User' });
    expect(ours?.session.token).toBe(theirs?.session.token);
    expect(ours?.user.id).toBe(theirs?.user.id);
    expect(ours?.session.expiresAt.getTime()).toBe(new Date(theirs!.session.expiresAt).getTime());
  });

  it('is none for a forged signature, a look-alike cookie name or a token without signature', async () => {
    const [token] = decodeURIComponent(value).split('.');
    const forged = encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`);
    expect(await requestSession(withCookie(`better-auth.session_token=${forged}`))).toBeNull();
    expect(await requestSession(withCookie(`better-auth-session_token=${value}`))).toBeNull();
    expect(await requestSession(withCookie(`__Secure-better-auth.session_token=${value}`))).toBeNull();
    expect(await requestSession(withCookie(`better-auth.session_token=${token}`))).toBeNull();
  });

  it('is none once the session has expired or was deleted, on the very next request', async () => {
    const other = await signIn('admin@example.com');
    const token = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(other)![1]!).split('.')[0]!;
    expect(await requestSession(withCookie(other))).not.toBeNull();
    const db = await database();
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await requestSession(withCookie(other))).toBeNull();
  });

  it('lets Better Auth extend a session that is due (once per updateAge)', async () => {
    const fresh = await signIn('user@example.com');
    const token = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(fresh)![1]!).split('.')[0]!;
    const db = await database();
    const dueSoon = new Date(Date.now() + 3600_000);
    await db.update(session).set({ expiresAt: dueSoon }).where(eq(session.token, token));
    const read = await requestSession(withCookie(fresh));
    expect(read?.session.token).toBe(token);
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dueSoon.getTime() + 24 * 3600_000);
  });

  it('sends the extended session’s cookie with the product API’s answer, or the browser’s would run out first', async () => {
    const db = await database();
    // A seeded reader other than the demo accounts, whose codes this file has used up.
    const [someone] = await db
      .select({ email: user.email })
      .from(user)
      .where(notInArray(user.email, ['admin@example.com', 'user@example.com']))
      .limit(1);
    const fresh = await signIn(someone!.email);
    const token = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(fresh)![1]!).split('.')[0]!;
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(session.token, token));
    const app = createHttpPipeline((request) => handleApiRequest(request), { env: () => parseEnv({ NODE_ENV: 'test' }) });
    const answer = await app(new Request(`${ORIGIN}/api/rpc/account/sessions`, { headers: { cookie: fresh } }));
    expect(answer.status).toBe(200);
    const sent = answer.headers.getSetCookie().filter((c) => c.startsWith('better-auth.session_token='));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/Max-Age=2592000/);
    expect(sent[0]!.slice('better-auth.session_token='.length).split(';')[0]).toBe(/better-auth\.session_token=([^;]+)/.exec(fresh)![1]);
    const next = await app(new Request(`${ORIGIN}/api/rpc/account/sessions`, { headers: { cookie: fresh } }));
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('keeps "last active" within five minutes while the session is used', async () => {
    const fresh = await signIn('user@example.com');
    const token = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(fresh)![1]!).split('.')[0]!;
    const db = await database();
    const hourAgo = new Date(Date.now() - 3600_000);
    await db.update(session).set({ updatedAt: hourAgo }).where(eq(session.token, token));
    await requestSession(withCookie(fresh));
    await vi.waitFor(async () => {
      const [row] = await db.select({ updatedAt: session.updatedAt }).from(session).where(eq(session.token, token));
      expect(row!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });
    // Within the precision, a request writes nothing.
    const recent = new Date(Date.now() - 60_000);
    await db.update(session).set({ updatedAt: recent }).where(eq(session.token, token));
    await requestSession(withCookie(fresh));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await db.select({ updatedAt: session.updatedAt }).from(session).where(eq(session.token, token));
    expect(row!.updatedAt.getTime()).toBe(recent.getTime());
  });
});

describe('GET /api/auth/get-session (decision 049)', () => {
  const getSession = (cookie?: string, address = '203.0.113.49') =>
    new Request(`${ORIGIN}/api/auth/get-session`, { headers: { ...(cookie ? { cookie } : {}), [CLIENT_IP_HEADER]: address } });
  const tokenOf = (cookie: string) => decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

  // Five codes per address in ten minutes: this file signs in each seeded account at most five times.
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn('admin@example.com');
  });

  it('answers what Better Auth’s own endpoint answers, with its headers', async () => {
    const ours = await handleAuthRequest(getSession(cookie));
    const theirs = await (await getAuth()).handler(getSession(cookie));
    expect(ours.status).toBe(200);
    const body = (await ours.json()) as { user: { email: string } };
    expect(body.user.email).toBe('admin@example.com');
    expect(body).toEqual(await theirs.json());
    for (const name of ['content-type', 'cache-control', 'pragma']) expect(ours.headers.get(name)).toBe(theirs.headers.get(name));
    expect(ours.headers.getSetCookie()).toEqual([]);
    // Without a cookie, or with a forged one: null, as Better Auth answers.
    expect(await (await handleAuthRequest(getSession())).json()).toBeNull();
    const forged = cookie.replace(/(session_token=[^.;]+\.)[^;]+/, `$1${encodeURIComponent(Buffer.alloc(32, 1).toString('base64'))}`);
    expect(await (await handleAuthRequest(getSession(forged))).json()).toBeNull();
  });

  it('is a read without the auth API’s per-address quota (100 calls a minute)', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 110; i++) statuses.add((await handleAuthRequest(getSession(cookie))).status);
    expect([...statuses]).toEqual([200]);
  });

  it('leaves to Better Auth a session gone (it clears the cookie) and one due to be extended (it sends it again)', async () => {
    const db = await database();
    const gone = await signIn('user@example.com');
    await db.delete(session).where(eq(session.token, tokenOf(gone)));
    const cleared = await handleAuthRequest(getSession(gone, '203.0.113.50'));
    expect(await cleared.json()).toBeNull();
    expect(cleared.headers.getSetCookie().join('\n')).toMatch(/better-auth\.session_token=;.*Max-Age=0/i);

    const due = await signIn('user@example.com');
    const dueSoon = new Date(Date.now() + 3600_000);
    await db
      .update(session)
      .set({ expiresAt: dueSoon })
      .where(eq(session.token, tokenOf(due)));
    const extended = await handleAuthRequest(getSession(due, '203.0.113.50'));
    const answer = (await extended.json()) as { session: Record<string, unknown>; user: { email: string } };
    expect(answer.user.email).toBe('user@example.com');
    expect(answer.session).not.toHaveProperty('token');
    expect(extended.headers.getSetCookie().join('\n')).toMatch(/better-auth\.session_token=[^;]+;.*Max-Age=\d{6,}/i);
    const [row] = await db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.token, tokenOf(due)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dueSoon.getTime() + 24 * 3600_000);
  });
});
