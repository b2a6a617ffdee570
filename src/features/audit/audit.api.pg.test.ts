import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { auditApiSuite } from '../../../tests/support/audit-api-suite.ts';

await describeOnPostgres(auditApiSuite);
