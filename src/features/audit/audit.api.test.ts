import { auditApiSuite } from '../../../tests/support/audit-api-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests).
auditApiSuite();
