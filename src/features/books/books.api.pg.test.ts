import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { booksApiSuite } from '../../../tests/support/books-api-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL), past the write budget as there.
process.env.API_WRITES_PER_MINUTE = '100000';
await describeOnPostgres(booksApiSuite);
