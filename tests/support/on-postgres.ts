// Skipped without TEST_DATABASE_URL. DATABASE_URL is set before anything opens the process's database.
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
