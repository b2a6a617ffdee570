import { rateLimitSuite } from '../../tests/support/rate-limit-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests).
rateLimitSuite();
