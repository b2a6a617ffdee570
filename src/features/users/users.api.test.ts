import { usersApiSuite } from './users.api.suite';

// On the embedded database (DATA_DIR=memory:// for tests).
usersApiSuite();
