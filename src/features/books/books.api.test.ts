import { booksApiSuite } from '../../../tests/support/books-api-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests).
booksApiSuite();
