import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../tests/support/databases.ts';
import { queryRows, type DatabaseHandle } from './client.ts';
import { pruneExpiredRows } from './housekeeping.ts';

describe('expired sessions and codes', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshPglite();
  });
  afterAll(() => handle.close());

  it('deletes the sessions and verification rows whose expiry has passed, and only those', async () => {
    const db = handle.db;
    await db.execute(
      sql`insert into "user" (id, name, email, created_at, updated_at) values ('u1', 'Ada', 'ada@example.com', now(), now())`,
    );
    await db.execute(
      sql`insert into session (id, token, user_id, expires_at, created_at, updated_at) values
          ('s-old', 't-old', 'u1', now() - interval '1 minute', now(), now()),
          ('s-live', 't-live', 'u1', now() + interval '1 day', now(), now())`,
    );
    await db.execute(
      sql`insert into verification (id, identifier, value, expires_at, created_at, updated_at) values
          ('v-old', 'sign-in-otp-ada@example.com', 'x', now() - interval '1 second', now(), now()),
          ('v-live', 'sign-in-otp-ada@example.com', 'y', now() + interval '5 minutes', now(), now())`,
    );
    expect(await pruneExpiredRows(db)).toEqual({ sessions: 1, verifications: 1 });
    expect((await queryRows<{ id: string }>(db, sql`select id from session order by id`)).map((r) => r.id)).toEqual(['s-live']);
    expect((await queryRows<{ id: string }>(db, sql`select id from verification order by id`)).map((r) => r.id)).toEqual(['v-live']);
    expect(await pruneExpiredRows(db)).toEqual({ sessions: 0, verifications: 0 });
  });
});
