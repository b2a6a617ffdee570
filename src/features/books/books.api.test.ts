import { booksApiSuite } from '../../../tests/support/books-api-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests). Its races write faster than anyone
// would: past the product API's write budget (tested in src/server/write-budget.test.ts).
process.env.API_WRITES_PER_MINUTE = '100000';
booksApiSuite();
