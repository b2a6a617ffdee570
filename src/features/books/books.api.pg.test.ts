import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { booksApiSuite } from '../../../tests/support/books-api-suite.ts';

// Past the write budget, as in books.api.test.ts.
process.env.API_WRITES_PER_MINUTE = '100000';
await describeOnPostgres(booksApiSuite);
