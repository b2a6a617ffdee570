/**
 * Runs an integration suite again on a real PostgreSQL server: a fresh database on the server of
 * TEST_DATABASE_URL, migrated and seeded like the embedded one, dropped afterwards. Skipped when
 * TEST_DATABASE_URL is not set. The process's database opens on first use, so DATABASE_URL is
 * set before anything asks for it.
 */
import { afterAll, describe } from 'vitest';
import { freshPostgres, TEST_DATABASE_URL } from './databases.ts';

export async function describeOnPostgres(suite: () => void) {
  const pg = TEST_DATABASE_URL ? await freshPostgres() : undefined;
  if (pg) {
    process.env.DATABASE_URL = pg.url;
    const { seed } = await import('#/server/db/seed.ts');
    await pg.handle.migrate();
    await seed(pg.handle.db);
  }
  describe.runIf(pg)('on PostgreSQL (TEST_DATABASE_URL)', () => {
    afterAll(async () => {
      const { closeDatabase } = await import('#/server/db/index.ts');
      await closeDatabase();
      await pg?.drop();
    });
    suite();
  });
}
