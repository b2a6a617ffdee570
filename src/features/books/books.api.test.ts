import { booksApiSuite } from './books.api.suite';

// On the embedded database (DATA_DIR=memory:// for tests).
booksApiSuite();
