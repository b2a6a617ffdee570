import { afterAll, describe } from 'vitest';
import { freshPostgres, TEST_DATABASE_URL } from '../../../tests/support/databases.ts';
import { usersApiSuite } from './users.api.suite';

/**
 * The same tests on a real PostgreSQL server: a fresh database, seeded like the embedded one.
 * The process's database opens on first use, so DATABASE_URL is set before anything asks for it.
 */
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
  usersApiSuite();
});
