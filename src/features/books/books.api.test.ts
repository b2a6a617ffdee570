import { booksApiSuite } from '../../../tests/support/books-api-suite.ts';

// Its races write faster than anyone would: past the write budget (tested in src/server/write-budget.test.ts).
process.env.API_WRITES_PER_MINUTE = '100000';
booksApiSuite();
