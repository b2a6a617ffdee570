import { auditApiSuite } from '../../../tests/support/audit-api-suite.ts';

auditApiSuite();
