/** The organisation tests on a real PostgreSQL server (TEST_DATABASE_URL); skipped without it. */
import { afterAll, describe, it } from 'vitest';
import { freshPostgres, TEST_DATABASE_URL } from '../../../tests/support/databases.ts';

const pg = TEST_DATABASE_URL ? await freshPostgres() : undefined;
if (pg) {
  process.env.DATABASE_URL = pg.url;
  // Before the seed reads the environment (and keeps it): the tests' callers join many organisations.
  process.env.ORG_MAX_PER_USER = '1000';
  const { seed } = await import('#/server/db/seed.ts');
  await pg.handle.migrate();
  await seed(pg.handle.db);
  afterAll(async () => {
    const { closeDatabase } = await import('#/server/db/index.ts');
    await closeDatabase();
    await pg.drop();
  });
  await import('./organizations.api.test.ts');
} else {
  describe.skip('on PostgreSQL (TEST_DATABASE_URL)', () => it('needs TEST_DATABASE_URL', () => {}));
}
