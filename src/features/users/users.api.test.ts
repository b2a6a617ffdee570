import { usersApiSuite } from '../../../tests/support/users-api-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests).
usersApiSuite();
