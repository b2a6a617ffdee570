import type pg from 'pg';
import { DEMO_ALLOWED_AUTH_WRITES } from '../src/server/demo-mode';
import { TEST_DATABASE_URL } from '../tests/support/databases';
import { ADMIN, clientHeaders, expect, signInViaApi, test } from './support/fixtures';
import { withAppOnPostgres } from './support/app-on-postgres';

/** Equal means nothing was written. Counters and the audit log (which records each refusal) are left out. */
async function fingerprint(client: pg.Client) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_name not in ('rate_limit', 'email_quota', 'audit_event') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: string; sum: string | null }>(
      `select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
    );
    out[name] = `${rows[0]!.n}:${rows[0]!.sum}`;
  }
  return out;
}

/** Writes are taken from the OpenAPI document, so a new endpoint joins the sweep by itself. */
test.describe('demo mode sweep', () => {
  test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
  test.describe.configure({ timeout: 180_000 });

  test('every write of both APIs is refused and the database is unchanged', async ({ playwright }) => {
    await withAppOnPostgres({ DEMO_MODE: 'true' }, async ({ app, sink, db }) => {
      const request = await playwright.request.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      await signInViaApi(request, app, sink, ADMIN);
      const before = await fingerprint(db);
      const refusals = async () =>
        Number((await db.query<{ n: string }>(`select count(*) as n from audit_event where action = 'demo.refused'`)).rows[0]!.n);
      const refusalsBefore = await refusals();

      const doc = (await (await request.get('/api/openapi')).json()) as { paths: Record<string, Record<string, unknown>> };
      // Signing in and out, and impersonation (which has its own test).
      const allowed = new Set([...DEMO_ALLOWED_AUTH_WRITES].map((path) => `/api/auth${path}`));
      const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method) && !allowed.has(path))
          .map((method) => ({ method, path: path.replace('{id}', 'some-id') })),
      );
      expect(writes.length).toBeGreaterThan(30);
      const refused: string[] = [];
      for (const { method, path } of writes) {
        // A JSON body to the picture API is refused as the wrong type first.
        const picture = path.startsWith('/api/images/');
        const res = await request.fetch(path, {
          method: method.toUpperCase(),
          data: picture ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) : {},
          headers: { Origin: app.url, ...(picture ? { 'Content-Type': 'image/png' } : {}) },
        });
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        if (res.status() === 403 && body.code === 'DEMO_MODE') refused.push(`${method} ${path}`);
        else expect.soft(`${res.status()} ${body.code}`, `${method.toUpperCase()} ${path}`).toBe('403 DEMO_MODE');
      }
      expect(refused).toHaveLength(writes.length);
      expect(await fingerprint(db)).toEqual(before);
      // Each refusal is in the audit log, once.
      expect((await refusals()) - refusalsBefore).toBe(writes.length);
      await request.dispose();
    });
  });
});
