// Two processes starting at once both seed the OAuth resource's row (src/server/auth.ts, `startAuth`): both start.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startAuth } from './auth.ts';
import { database } from './db/index.ts';
import { oauthResource } from './db/schema.ts';

describe('Better Auth starting', () => {
  it('starts in two processes at once on a database without the OAuth resource yet, and seeds it once', async () => {
    const db = await database();
    await db.delete(oauthResource);
    const started = await Promise.allSettled([startAuth(db), startAuth(db), startAuth(db)]);
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(
      await db.select({ id: oauthResource.id }).from(oauthResource).where(eq(oauthResource.identifier, 'http://localhost:3000/api/mcp')),
    ).toHaveLength(1);
  });
});
