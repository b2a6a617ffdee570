import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { auditApiSuite } from '../../../tests/support/audit-api-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL).
await describeOnPostgres(auditApiSuite);
