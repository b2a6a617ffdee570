import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { booksApiSuite } from '../../../tests/support/books-api-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL).
await describeOnPostgres(booksApiSuite);
